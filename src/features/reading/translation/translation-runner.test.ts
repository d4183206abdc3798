import { describe, expect, it } from 'vitest';
import type { Paragraph, TranslatePage, TranslateResult } from '@contracts/ai-read';
import { toPages } from './pages';
import { TranslationRunner, type RunnerDeps } from './translation-runner';

const PARAGRAPHS: Paragraph[] = Array.from({ length: 50 }, (_, i) => ({ id: `p${i}`, text: `Paragraph ${i}.` }));
const pages = toPages(PARAGRAPHS); // 20 + 20 + 10

function setup(overrides: Partial<RunnerDeps> = {}, visible: string[] = []) {
  const calls: { page: number; ids: string[] }[] = [];
  const deps: RunnerDeps = {
    translate: async (segments: Paragraph[], page: TranslatePage): Promise<TranslateResult> => {
      calls.push({ page: page.number, ids: segments.map((s) => s.id) });
      return { segments: segments.map((s) => ({ id: s.id, text: `译 ${s.text}` })) };
    },
    describeError: (err) => (err instanceof Error && err.message === 'AI' ? { kind: 'unavailable' } : { kind: 'error', text: 'refused' }),
    visibleIds: () => visible,
    onChange: () => undefined,
    ...overrides,
  };
  return { runner: new TranslationRunner('doc-1', pages, deps), calls, visible };
}

describe('TranslationRunner', () => {
  it('translates the page on screen first, then the rest in order', async () => {
    const { runner, calls } = setup({}, ['p25', 'p26']);
    await runner.run();
    expect(calls.map((c) => c.page)).toEqual([1, 0, 2]);
    expect(runner.status).toBe('done');
    expect(runner.translatedCount).toBe(50);
    expect(runner.states.get('p25')).toEqual({ status: 'done', text: '译 Paragraph 25.' });
  });

  it('follows the reader as it scrolls', async () => {
    const visible: string[] = [];
    const calls: number[] = [];
    const runner = new TranslationRunner('doc-1', pages, {
      translate: async (segments, page) => {
        calls.push(page.number);
        // While the first page is translated the reader scrolls to the end.
        visible.splice(0, visible.length, 'p45');
        return { segments: segments.map((s) => ({ id: s.id, text: s.text })) };
      },
      describeError: () => ({ kind: 'error', text: 'x' }),
      visibleIds: () => visible,
      onChange: () => undefined,
    });
    await runner.run();
    expect(calls).toEqual([0, 2, 1]);
  });

  it('keeps failed paragraphs failed until retried, and a retry sends only them', async () => {
    let first = true;
    const { runner, calls } = setup({
      translate: async (segments, page) => {
        calls.push({ page: page.number, ids: segments.map((s) => s.id) });
        const out = segments.map((s) => (first && s.id === 'p3' ? { id: s.id, text: s.text, failed: true as const } : { id: s.id, text: `译 ${s.text}` }));
        first = false;
        return { segments: out };
      },
    });
    await runner.run();
    expect(runner.states.get('p3')).toEqual({ status: 'failed' });
    expect(calls).toHaveLength(3);
    runner.retry('p3');
    await runner.run(); // joins the retry already running
    await new Promise((r) => setTimeout(r, 0));
    expect(calls.at(-1)).toEqual({ page: 0, ids: ['p3'] });
    expect(runner.states.get('p3')).toEqual({ status: 'done', text: '译 Paragraph 3.' });
  });

  it('stops with a calm "unavailable" on 50302, keeping what was translated', async () => {
    let n = 0;
    const { runner } = setup({
      translate: async (segments) => {
        if (++n === 2) throw new Error('AI');
        return { segments: segments.map((s) => ({ id: s.id, text: `译 ${s.text}` })) };
      },
    });
    await runner.run();
    expect(runner.status).toBe('unavailable');
    expect(runner.translatedCount).toBe(20);
    expect(runner.states.has('p20')).toBe(false);
  });

  it('reports other refusals and can be stopped mid-page', async () => {
    const refused = setup({ translate: () => Promise.reject(new Error('quota')) });
    await refused.runner.run();
    expect(refused.runner.status).toBe('error');
    expect(refused.runner.errorText).toBe('refused');

    const { runner } = setup({
      translate: (_segments, _page, signal) =>
        new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')))),
    });
    const running = runner.run();
    expect(runner.states.get('p0')).toEqual({ status: 'working' });
    runner.stop();
    await running;
    expect(runner.status).toBe('idle');
    expect(runner.states.size).toBe(0);
  });
});
