import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@contracts/error-codes';
import { failureKind, offlineAllowance, unitsOf, type PendingUse } from './allowance';
import { reconcile, type ReconcileDeps } from './reconcile';

const use = (id: number, convertType = 'pdf-split', units = 1): PendingUse => ({
  id,
  userId: 'u1',
  convertType,
  files: [{ name: `in-${id}.pdf`, size: 100 + id }],
  outcome: { success: true, files: [{ name: `out-${id}.zip`, size: 50 + id }] },
  units,
  at: 1_700_000_000_000 + id,
});

class Refusal extends Error {
  constructor(readonly code: number) {
    super(`code ${code}`);
  }
}

/** The queue in memory and a server that records the calls it gets, refusing or failing some on demand. */
function fakes(initial: PendingUse[], answer: (call: 'start' | 'complete', use: PendingUse) => number | 'ok' = () => 'ok') {
  const queue = new Map(initial.map((u) => [u.id!, { ...u }]));
  const calls: string[] = [];
  const counted: number[] = [];
  const warnings: string[] = [];
  let next = 1;
  const byDocument = new Map<string, PendingUse>();
  const deps: ReconcileDeps = {
    list: async () => [...queue.values()].sort((a, b) => a.id! - b.id!),
    markStarted: async (id, documentId) => void (queue.get(id)!.documentId = documentId),
    remove: async (id) => void queue.delete(id),
    start: async (u) => {
      calls.push(`start ${u.id} ${u.convertType} ${u.files.map((f) => f.name).join(',')}`);
      const a = answer('start', u);
      if (a !== 'ok') throw a < 0 ? new TypeError('Failed to fetch') : new Refusal(a);
      const documentId = `doc-${next++}`;
      byDocument.set(documentId, u);
      return { documentId };
    },
    complete: async (documentId, outcome) => {
      const u = byDocument.get(documentId) ?? [...queue.values()].find((q) => q.documentId === documentId)!;
      calls.push(`complete ${documentId} ${outcome.files[0]!.name}`);
      const a = answer('complete', u);
      if (a !== 'ok') throw a < 0 ? new TypeError('Failed to fetch') : new Refusal(a);
    },
    codeOf: (error) => (error instanceof Refusal ? error.code : error instanceof TypeError ? -1 : null),
    counted: (u) => counted.push(u.id!),
    warn: (message) => warnings.push(message),
  };
  return { deps, queue, calls, counted, warnings };
}

describe('offline allowance', () => {
  it('charges one unit per result, as the server does', () => {
    expect(unitsOf('pdf-merge', 5)).toBe(1);
    expect(unitsOf('image-to-pdf', 3)).toBe(1);
    expect(unitsOf('pdf-compare', 2)).toBe(1);
    expect(unitsOf('pdf-split', 1)).toBe(1);
    expect(unitsOf('pdf-to-image', 2)).toBe(2);
  });

  it('allows a run the last known balance covers after the uses already waiting, and no more', () => {
    expect(offlineAllowance(3, [], 1)).toEqual({ ok: true });
    expect(offlineAllowance(3, [{ units: 1 }, { units: 1 }], 1)).toEqual({ ok: true });
    expect(offlineAllowance(3, [{ units: 1 }, { units: 1 }, { units: 1 }], 1)).toEqual({ ok: false, reason: 'offlineNoAllowance' });
    expect(offlineAllowance(3, [{ units: 2 }], 2)).toEqual({ ok: false, reason: 'offlineNoAllowance' });
    expect(offlineAllowance(0, [], 1)).toEqual({ ok: false, reason: 'offlineNoAllowance' });
  });

  it('refuses when no balance was ever seen', () => {
    expect(offlineAllowance(null, [], 1)).toEqual({ ok: false, reason: 'offlineUnknownBalance' });
  });

  it('keeps a use for later on no answer, server trouble or a lost session, and drops it on a refusal', () => {
    for (const code of [null, -1, -2, ErrorCode.INTERNAL, ErrorCode.SERVICE_UNAVAILABLE, ErrorCode.NOT_LOGGED_IN, ErrorCode.TOO_MANY_ATTEMPTS]) expect(failureKind(code), String(code)).toBe('later');
    for (const code of [ErrorCode.NO_CONVERSIONS_LEFT, ErrorCode.FEATURE_MISSING, ErrorCode.VALIDATION_FAILED, ErrorCode.NOT_FOUND]) expect(failureKind(code), String(code)).toBe('refused');
  });
});

describe('reconcile', () => {
  it('sends each waiting use in order as start then complete with its output, then removes it', async () => {
    const f = fakes([use(1, 'pdf-merge'), use(2), use(3, 'pdf-to-image')]);
    await expect(reconcile(f.deps)).resolves.toEqual({ recorded: 3, refused: 0, waiting: 0 });
    expect(f.calls).toEqual([
      'start 1 pdf-merge in-1.pdf',
      'complete doc-1 out-1.zip',
      'start 2 pdf-split in-2.pdf',
      'complete doc-2 out-2.zip',
      'start 3 pdf-to-image in-3.pdf',
      'complete doc-3 out-3.zip',
    ]);
    expect(f.queue.size).toBe(0);
    expect(f.counted).toEqual([1, 2, 3]);
    // A second pass finds nothing: each use is recorded exactly once.
    await expect(reconcile(f.deps)).resolves.toEqual({ recorded: 0, refused: 0, waiting: 0 });
    expect(f.calls).toHaveLength(6);
  });

  it('drops a use the server refuses (another device spent the quota), logs it, and goes on', async () => {
    const f = fakes([use(1), use(2), use(3)], (call, u) => (call === 'start' && u.id === 2 ? ErrorCode.NO_CONVERSIONS_LEFT : 'ok'));
    await expect(reconcile(f.deps)).resolves.toEqual({ recorded: 2, refused: 1, waiting: 0 });
    expect(f.queue.size).toBe(0);
    expect(f.warnings).toHaveLength(1);
    expect(f.warnings[0]).toContain('1004');
    // Nothing was charged for the refused start.
    expect(f.counted).toEqual([1, 3]);
  });

  it('stops at the first use that gets no answer, keeping it and the rest in order', async () => {
    let online = false;
    const f = fakes([use(1), use(2), use(3)], (call, u) => (!online && u.id === 2 ? -1 : 'ok'));
    await expect(reconcile(f.deps)).resolves.toEqual({ recorded: 1, refused: 0, waiting: 2 });
    expect([...f.queue.keys()]).toEqual([2, 3]);
    expect(f.calls.filter((c) => c.startsWith('start 3'))).toEqual([]);
    online = true;
    await expect(reconcile(f.deps)).resolves.toEqual({ recorded: 2, refused: 0, waiting: 0 });
    expect(f.queue.size).toBe(0);
  });

  it('never starts a use twice: one whose complete got no answer is only completed on the next pass', async () => {
    let online = false;
    const f = fakes([use(1)], (call) => (call === 'complete' && !online ? -1 : 'ok'));
    await expect(reconcile(f.deps)).resolves.toEqual({ recorded: 0, refused: 0, waiting: 1 });
    expect(f.queue.get(1)?.documentId).toBe('doc-1');
    online = true;
    await expect(reconcile(f.deps)).resolves.toEqual({ recorded: 1, refused: 0, waiting: 0 });
    expect(f.calls.filter((c) => c.startsWith('start'))).toHaveLength(1);
    expect(f.calls.filter((c) => c.startsWith('complete'))).toEqual(['complete doc-1 out-1.zip', 'complete doc-1 out-1.zip']);
  });
});
