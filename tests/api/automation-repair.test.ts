import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Flow, Run } from '@contracts/automation.js';
import { ErrorCode } from '@contracts/error-codes.js';
import type { RepairLimits } from '../../api/automation/repair/locator-repair.js';
import { createBrowserPool, type BrowserPool } from '../../api/automation/browser-pool.js';
import { userClient } from '../helpers/admin-clients.js';
import { LlmStandIn, type LlmCall, type LlmReply } from '../helpers/llm-stand-in.js';
import { PageServer, type PageHandler } from '../helpers/page-server.js';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.js';
import type { TestClient } from '../helpers/test-client.js';

/**
 * Issue 14's LLM repair, at the HTTP boundary: real runs in the system Chromium against loopback
 * pages whose buttons were renamed after the flows were written, with the local OpenAI-compatible
 * stand-in playing the model. The stand-in reads the element list it is sent and answers an index,
 * as a model would; each page carries a "Mode …" button so parallel runs get their own answers.
 */

const SECRET = 'hunter22';
const html = (body: string): PageHandler => (_req, res) =>
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>t</title></head><body>${body}</body></html>`);
const mark = (mode: string) => `<button type="button">Mode ${mode}</button>`;
const say = (text: string) => `onclick="document.getElementById('r').textContent='${text}'"`;

/** The login page after a redesign: "Sign in" (#go, data-testid go) became "Log in" without an id or test id. */
const loginPage = (mode: string) =>
  html(`<h1>Member area</h1><label for="u2">Username</label><input id="u2"><label for="p2">Password</label><input id="p2" type="password">
<button type="button" onclick="document.getElementById('r').textContent='Welcome, '+document.getElementById('u2').value">Log in</button>
${mark(mode)}<a href="#top">Account ${SECRET}</a><p id="r" data-testid="result"></p>`);

const byRole = (role: string, name: string, css: string) => ({ candidates: [{ by: 'role', value: role, name }, { by: 'text', value: name }, { by: 'css', value: css }] });
const loginSteps = (origin: string, mode: string) => [
  { type: 'goto', url: `${origin}/login-${mode}` },
  { type: 'type', target: { candidates: [{ by: 'label', value: 'Username' }] }, text: 'alice' },
  { type: 'type', target: { candidates: [{ by: 'label', value: 'Password' }] }, text: '{{secret:password}}' },
  { type: 'click', target: { candidates: [{ by: 'role', value: 'button', name: 'Sign in' }, { by: 'testId', value: 'go' }, { by: 'text', value: 'Sign in' }, { by: 'css', value: '#go' }] } },
  { type: 'extract', target: { candidates: [{ by: 'testId', value: 'result' }] }, name: 'greeting' },
];

interface Sent {
  step: string;
  oldLocators: { by: string; value: string; name?: string }[];
  elements: { i: number; role: string; name: string }[];
}
const sent = (call: LlmCall) => JSON.parse(call.user) as Sent;
const modeOf = (call: LlmCall) => sent(call).elements.find((e) => e.name.startsWith('Mode '))?.name.slice(5) ?? '';
const choose = (call: LlmCall, name: string): LlmReply => ({ content: JSON.stringify({ index: sent(call).elements.find((e) => e.name === name)?.i ?? null }) });

/** The stand-in's answer per page: the element a model would choose, or one of the endpoint's failures. */
function reply(call: LlmCall): LlmReply {
  const mode = modeOf(call);
  const old = sent(call).oldLocators[0]?.name ?? '';
  switch (mode) {
    case 'garbage':
      return { content: 'I would click the Log in button.' };
    case 'range':
      return { content: JSON.stringify({ index: 999 }) };
    case 'none':
      return { content: JSON.stringify({ index: null }) };
    case 'hang':
      return { hang: true };
    case 'e500':
      return { status: 500 };
    case 'e429':
      return { status: 429 };
    case 'loop':
      return choose(call, 'Proceed');
    case 'rows':
      return choose(call, 'Add row');
    case 'many':
      return choose(call, { One: 'First', Two: 'Second', Three: 'Third' }[old] ?? '');
    case 'tokens':
      return { ...choose(call, { Alpha: 'A one', Beta: 'B one' }[old] ?? ''), usage: { prompt_tokens: 11_900, completion_tokens: 100, total_tokens: 12_000 } };
    case 'calls':
      return choose(call, { Alpha: 'A one', Beta: 'B one' }[old] ?? '');
    default:
      return choose(call, 'Log in');
  }
}

const FAILURE_MODES = ['garbage', 'range', 'none', 'hang', 'e500', 'e429'] as const;
const routes: Record<string, PageHandler> = {
  '/rows': html(`${mark('rows')}<button type="button" onclick="const li=document.createElement('li');li.textContent='row';document.getElementById('l').append(li)">Add row</button><ul id="l" data-testid="list"></ul>`),
  '/loop': html(`${mark('loop')}<button type="button">Proceed</button><p id="r"></p>`),
  '/many': html(`${mark('many')}<button type="button" ${say('1')}>First</button><button type="button" ${say('2')}>Second</button><button type="button" ${say('3')}>Third</button><p id="r"></p>`),
  '/tokens': html(`${mark('tokens')}<button type="button" ${say('a')}>A one</button><button type="button" ${say('b')}>B one</button><p id="r"></p>`),
  '/calls': html(`${mark('calls')}<button type="button" ${say('a')}>A one</button><button type="button" ${say('b')}>B one</button><p id="r"></p>`),
};
for (const mode of ['ok', 'offline', 'pg', 'sqlite', ...FAILURE_MODES]) routes[`/login-${mode}`] = loginPage(mode);

let pool: BrowserPool;
let server: PageServer;
let origin: string;
const llm = new LlmStandIn();
let llmSettings: { baseUrl: string; apiKey: string; model: string; timeoutMs: number };

beforeAll(async () => {
  pool = createBrowserPool({ browsers: 1, concurrency: 2 });
  server = new PageServer(routes);
  origin = `http://127.0.0.1:${await server.start()}`;
  llmSettings = { baseUrl: await llm.start(), apiKey: 'test-key', model: 'stand-in', timeoutMs: 1500 };
  llm.reply = reply;
});
afterAll(async () => {
  await pool.close();
  await server.stop();
  await llm.stop();
});

const callsFor = (mode: string) => llm.calls.filter((c) => modeOf(c) === mode);

/** An app (LLM endpoint unless `offline`) and a signed-in user with quota, the loopback site allowed and the `password` credential. */
/**
 * The stand-in pages are static: an element is there at load or never. Waiting 1.5 s instead of
 * the product's 5 s for the ones that never come keeps each failing step's outcome the same.
 */
const LOCATE_MS = 1500;

async function setUp(dialect: 'sqlite' | 'postgres', repair: RepairLimits | null, offline = false) {
  const t = await createTestApp(dialect, offline ? {} : { llm: llmSettings }, null, undefined, { automation: { pool, locateMs: LOCATE_MS, ...(repair ? { repair } : {}) } });
  const u = await userClient(t, 'rp');
  const id = (await t.handle.db.selectFrom('users').select('id').where('user_id', '=', u.userId).executeTakeFirstOrThrow()).id;
  await t.handle.db.updateTable('user_quotas').set({ avail_quota: 500 }).where('user_id', '=', id).where('quota_type', '=', 'TYPE_API').execute();
  expect((await u.c.send('PUT', '/api/v1/automation/allow-list', { hosts: [new URL(origin).host] })).code).toBe(200);
  expect((await u.c.post('/api/v1/automation/credentials', { name: 'password', value: SECRET })).code).toBe(200);
  const left = async () => (await t.handle.db.selectFrom('user_quotas').select('avail_quota').where('user_id', '=', id).where('quota_type', '=', 'TYPE_API').execute()).reduce((s, r) => s + r.avail_quota, 0);
  return { t, c: u.c, left };
}

async function save(c: TestClient, steps: unknown[]): Promise<string> {
  const res = await c.post<{ flowId: string }>('/api/v1/automation/flows', { name: 'repair', steps });
  expect(res.code, JSON.stringify(res.data)).toBe(200);
  return res.data.flowId;
}
async function runAll(t: TestApp, c: TestClient, flowIds: string[]): Promise<Run[]> {
  const ids: string[] = [];
  for (const flowId of flowIds) {
    const res = await c.post<{ runId: string }>(`/api/v1/automation/flows/${flowId}/run`, {});
    expect(res.code, JSON.stringify(res.data)).toBe(200);
    ids.push(res.data.runId);
  }
  await t.services.automation.executor.idle();
  return Promise.all(ids.map(async (id) => (await c.get<Run>(`/api/v1/automation/runs/${id}`)).data));
}

describe.each(testDialects())('automation LLM repair on %s', (dialect) => {
  let app: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    app = await setUp(dialect, null);
  }, 60_000);
  afterAll(async () => {
    await app.t.services.automation.close();
    await app.t.close();
  });

  it('repairs a renamed button from the accessibility snapshot, passes the run, and lets the owner keep the locator', async () => {
    const { t, c, left } = app;
    const mode = dialect === 'postgres' ? 'pg' : 'sqlite';
    const flowId = await save(c, loginSteps(origin, mode));
    const before = await left();
    const runs = await runAll(t, c, [flowId, flowId, flowId]);
    expect(await left()).toBe(before - 3);
    for (const run of runs) {
      expect(run.status, JSON.stringify(run.steps)).toBe('succeeded');
      expect(run.output?.rows[0]).toEqual({ greeting: 'Welcome, alice' });
      const click = run.steps[3]!;
      expect(click.locator).toEqual({ by: 'role', value: 'button', name: 'Log in' });
      expect(click.repair).toEqual({ candidate: { by: 'role', value: 'button', name: 'Log in' }, path: '3' });
      expect(run.steps.filter((s) => s.repair)).toHaveLength(1);
    }
    const calls = callsFor(mode);
    expect(calls).toHaveLength(3);
    for (const call of calls) {
      const body = sent(call);
      expect(body.step).toBe('click');
      expect(body.oldLocators.map((l) => l.value)).toContain('Sign in');
      // Only role and name, only unique actionable elements: no input values, no secret, no headings for a click.
      expect(body.elements.every((e) => Object.keys(e).sort().join() === 'i,name,role')).toBe(true);
      expect(body.elements.map((e) => `${e.role} ${e.name}`)).toEqual(expect.arrayContaining(['button Log in', 'textbox Username', 'textbox Password']));
      expect(call.user).not.toContain(SECRET);
      expect(call.user).not.toContain('alice');
      expect(call.user).not.toContain('Member area');
      expect(call.headers.authorization).toBe('Bearer test-key');
    }

    // The owner keeps the repair: it becomes the step's first candidate, the old ones stay behind it.
    const [first, second, third] = runs as [Run, Run, Run];
    const accepted = await c.post<Flow>(`/api/v1/automation/runs/${first.runId}/steps/3/accept-repair`, {});
    expect(accepted.code, JSON.stringify(accepted.data)).toBe(200);
    const step = accepted.data.steps[3]!;
    expect(step.type === 'click' && step.target.candidates.map((k) => `${k.by}:${k.value}:${k.name ?? ''}`)).toEqual(['role:button:Log in', 'role:button:Sign in', 'testId:go:', 'text:Sign in:', 'css:#go:']);
    expect((await c.get<Run>(`/api/v1/automation/runs/${first.runId}`)).data.steps[3]!.repair?.accepted).toBe(true);
    // Accepting the same repair from another run changes nothing more.
    const again = await c.post<Flow>(`/api/v1/automation/runs/${second.runId}/steps/3/accept-repair`, {});
    expect(again.code).toBe(200);
    expect(again.data.updatedAt).toBe(accepted.data.updatedAt);
    expect(again.data.steps).toEqual(accepted.data.steps);
    // Not repaired, not the owner's run.
    expect((await c.post(`/api/v1/automation/runs/${first.runId}/steps/0/accept-repair`, {})).code).toBe(ErrorCode.NOT_FOUND);
    const stranger = await userClient(t, 'rx');
    expect((await stranger.c.post(`/api/v1/automation/runs/${third.runId}/steps/3/accept-repair`, {})).code).toBe(ErrorCode.NOT_FOUND);
    expect((await t.client().post(`/api/v1/automation/runs/${third.runId}/steps/3/accept-repair`, {})).code).toBe(ErrorCode.NOT_LOGGED_IN);

    // With the locator kept, the next run finds the button at once and asks nobody.
    const [rerun] = await runAll(t, c, [flowId]);
    expect(rerun!.status).toBe('succeeded');
    expect(rerun!.steps[3]!.repair).toBeUndefined();
    expect(callsFor(mode)).toHaveLength(3);

    // A repair whose step was edited since is not applied.
    const edited = accepted.data.steps.map((s, i) => (i === 3 && s.type === 'click' ? { ...s, target: byRole('button', 'Enter', '#enter') } : s));
    expect((await c.send('PUT', `/api/v1/automation/flows/${flowId}`, { name: 'repair', steps: edited })).code).toBe(200);
    const outdated = await c.post<{ reason: string }>(`/api/v1/automation/runs/${third.runId}/steps/3/accept-repair`, {});
    expect(outdated.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(outdated.data.reason).toBe('repairOutdated');
  }, 180_000);
});

describe('automation LLM repair: failures, loops and the cost cap', () => {
  let main: Awaited<ReturnType<typeof setUp>>;
  let cheap: Awaited<ReturnType<typeof setUp>>;
  let offline: Awaited<ReturnType<typeof setUp>>;

  beforeAll(async () => {
    main = await setUp('sqlite', { maxRepairs: 2, maxCalls: 8, maxTokens: 10_000 });
    cheap = await setUp('sqlite', { maxRepairs: 5, maxCalls: 1, maxTokens: 1_000_000 });
    offline = await setUp('sqlite', null, true);
  }, 60_000);
  afterAll(async () => {
    for (const a of [main, cheap, offline]) {
      await a.t.services.automation.close();
      await a.t.close();
    }
  });

  it('leaves the step failing exactly as without the endpoint on garbage, an out-of-range index, no choice, a timeout, 500 and 429', async () => {
    const offlineFlow = await save(offline.c, loginSteps(origin, 'offline'));
    const offlineBefore = await offline.left();
    const [baseline] = await runAll(offline.t, offline.c, [offlineFlow]);
    expect(await offline.left()).toBe(offlineBefore - 1);
    expect(callsFor('offline')).toHaveLength(0);
    expect(baseline!.status).toBe('failed');
    expect(baseline!.error).toBe('locatorFailed');
    const shape = (run: Run) => run.steps.map((s) => ({ index: s.index, type: s.type, ok: s.ok, error: s.error, locator: s.locator, repair: s.repair }));
    expect(shape(baseline!)[3]).toEqual({ index: 3, type: 'click', ok: false, error: 'locatorFailed', locator: undefined, repair: undefined });

    const flows = await Promise.all(FAILURE_MODES.map((mode) => save(main.c, loginSteps(origin, mode))));
    const before = await main.left();
    const runs = await runAll(main.t, main.c, flows);
    expect(await main.left()).toBe(before - FAILURE_MODES.length);
    runs.forEach((run, i) => {
      const mode = FAILURE_MODES[i]!;
      expect(run.status, mode).toBe('failed');
      expect(run.error, mode).toBe('locatorFailed');
      expect(shape(run), mode).toEqual(shape(baseline!));
      expect(run.failure?.screenshotUrl, mode).toBeTruthy();
      expect(callsFor(mode), mode).toHaveLength(1);
    });
  }, 180_000);

  it('asks once for a step inside a CSV loop: every later pass uses the repaired locator', async () => {
    const flowId = await save(main.c, [
      { type: 'goto', url: `${origin}/rows` },
      { type: 'loop', csv: 'n\n1\n2\n3', steps: [{ type: 'click', target: byRole('button', 'Add', '#add') }] },
      { type: 'extract', target: { candidates: [{ by: 'testId', value: 'list' }] }, name: 'rows' },
    ]);
    const [run] = await runAll(main.t, main.c, [flowId]);
    expect(run!.status, JSON.stringify(run!.steps)).toBe('succeeded');
    const clicks = run!.steps.filter((s) => s.type === 'click');
    expect(clicks).toHaveLength(3);
    expect(clicks.every((s) => s.ok && s.repair?.path === '1/steps/0' && s.locator?.name === 'Add row')).toBe(true);
    expect(run!.output?.rows.map((r) => r.rows).filter(Boolean)).toEqual(['row\nrow\nrow']);
    expect(callsFor('rows')).toHaveLength(1);
  }, 120_000);

  it('stops a run whose repairs keep choosing the same element on an unchanged page (repairLoop)', async () => {
    const flowId = await save(main.c, [{ type: 'goto', url: `${origin}/loop` }, { type: 'click', target: byRole('button', 'Next', '#next') }, { type: 'click', target: byRole('button', 'Continue', '#continue') }]);
    const [run] = await runAll(main.t, main.c, [flowId]);
    expect(run!.status).toBe('failed');
    expect(run!.error).toBe('repairLoop');
    expect(run!.steps[1]!.repair?.candidate).toEqual({ by: 'role', value: 'button', name: 'Proceed' });
    expect(run!.steps[2]).toMatchObject({ ok: false, error: 'repairLoop' });
    expect(callsFor('loop')).toHaveLength(2);
  }, 120_000);

  it('stops a run that needs more repairs than allowed (repairLimit) without asking again', async () => {
    const flowId = await save(main.c, [
      { type: 'goto', url: `${origin}/many` },
      ...['One', 'Two', 'Three'].map((name) => ({ type: 'click', target: byRole('button', name, `#${name.toLowerCase()}`) })),
    ]);
    const [run] = await runAll(main.t, main.c, [flowId]);
    expect(run!.status).toBe('failed');
    expect(run!.error).toBe('repairLimit');
    expect(run!.steps.map((s) => s.repair?.candidate.name ?? null)).toEqual([null, 'First', 'Second', null]);
    expect(run!.steps[3]).toMatchObject({ ok: false, error: 'repairLimit' });
    expect(callsFor('many')).toHaveLength(2);
  }, 120_000);

  it('stops asking once the run reached its token or call cap; the step then fails as before', async () => {
    const steps = (page: string) => [{ type: 'goto', url: `${origin}/${page}` }, { type: 'click', target: byRole('button', 'Alpha', '#alpha') }, { type: 'click', target: byRole('button', 'Beta', '#beta') }];
    // 12,000 tokens reported by the first call pass the 10,000-token cap.
    const [byTokens] = await runAll(main.t, main.c, [await save(main.c, steps('tokens'))]);
    // One call per run in this app; this endpoint reports no usage.
    const [byCalls] = await runAll(cheap.t, cheap.c, [await save(cheap.c, steps('calls'))]);
    for (const [run, mode] of [[byTokens!, 'tokens'], [byCalls!, 'calls']] as const) {
      expect(run.status, mode).toBe('failed');
      expect(run.error, mode).toBe('locatorFailed');
      expect(run.steps[1]!.repair?.candidate.name, mode).toBe('A one');
      expect(run.steps[2], mode).toMatchObject({ ok: false, error: 'locatorFailed' });
      expect(run.steps[2]!.repair, mode).toBeUndefined();
      expect(callsFor(mode), mode).toHaveLength(1);
    }
  }, 120_000);
});
