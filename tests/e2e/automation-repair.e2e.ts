import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en/automation.json';
import { LlmStandIn } from '../helpers/llm-stand-in';
import { PageServer } from '../helpers/page-server';
import { registerThroughUi, startHarness, uniqueUserId, type Harness } from './harness';

/** The site after a redesign: the flow's "Sign in" button (#go) is now "Log in" with no id. */
const SITE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Members</title></head><body>
<h1>Members</h1><button type="button" onclick="document.getElementById('r').textContent='Welcome back'">Log in</button><p id="r" data-testid="result"></p></body></html>`;

/**
 * Issue 14's LLM repair as the owner sees it: a run whose button was renamed is repaired by the
 * model (the local stand-in, which picks "Log in" from the list it is sent), run history shows
 * "Repaired by AI" with the chosen element, and the owner keeps the locator in the flow.
 */
describe('web process automation: LLM repair in run history', () => {
  let harness: Harness;
  let site: PageServer;
  let page: Page;
  const llm = new LlmStandIn();

  beforeAll(async () => {
    const baseUrl = await llm.start();
    llm.reply = (call) => {
      const { elements } = JSON.parse(call.user) as { elements: { i: number; name: string }[] };
      return { content: JSON.stringify({ index: elements.find((e) => e.name === 'Log in')?.i ?? null }) };
    };
    // The server reads its configuration from the environment when the harness starts it.
    Object.assign(process.env, { LLM_BASE_URL: baseUrl, LLM_MODEL: 'stand-in', LLM_TIMEOUT_MS: '10000' });
    harness = await startHarness();
    site = new PageServer({ '/': (_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(SITE) });
    await site.start();
    ({ page } = await harness.open('/'));
    await registerThroughUi(page, { userId: uniqueUserId('repair'), email: 'repair.user@example.com', password: 'Start-Passw0rd' });
  }, 1_800_000);

  afterAll(async () => {
    await site?.stop();
    await harness?.close();
    await llm.stop();
    delete process.env.LLM_BASE_URL;
  });

  const api = (path: string, method: string, body: unknown) =>
    page.evaluate(
      async ({ path, method, body }) => {
        const token = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.slice(11) ?? '');
        const res = await fetch(`/api/v1${path}`, { method, credentials: 'include', headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': token }, body: JSON.stringify(body) });
        return (await res.json()) as { code: number; data: unknown };
      },
      { path, method, body },
    );

  it('shows a repaired step with the chosen element and keeps its locator in the flow when asked', async () => {
    const origin = `http://127.0.0.1:${site.port}`;
    expect((await api('/automation/allow-list', 'PUT', { hosts: [new URL(origin).host] })).code).toBe(200);
    const created = await api('/automation/flows', 'POST', {
      name: 'Members flow',
      steps: [
        { type: 'goto', url: `${origin}/` },
        { type: 'click', target: { candidates: [{ by: 'role', value: 'button', name: 'Sign in' }, { by: 'css', value: '#go' }] } },
        { type: 'extract', target: { candidates: [{ by: 'testId', value: 'result' }] }, name: 'result' },
      ],
    });
    expect(created.code).toBe(200);
    const { flowId } = created.data as { flowId: string };

    await page.goto('/products/automation');
    await page.getByRole('heading', { level: 1, name: en.title }).waitFor();
    await page.getByRole('button', { name: 'Members flow' }).click();
    const flow = page.getByRole('region', { name: 'Members flow' });
    await flow.getByRole('button', { name: en.flows.run }).click();
    await flow.getByTestId('run-status').filter({ hasText: en.status.succeeded }).first().waitFor({ timeout: 90_000 });

    const note = flow.getByTestId('step-repair');
    await note.getByText(en.history.repaired).waitFor();
    await note.getByText('Chose the button “Log in”').waitFor();
    await note.getByRole('button', { name: en.history.acceptRepair }).click();
    await note.getByText(en.history.repairAccepted).waitFor();
    expect(llm.calls).toHaveLength(1);

    const saved = await page.evaluate(async (id) => (await (await fetch(`/api/v1/automation/flows/${id}`, { credentials: 'include' })).json()) as { data: { steps: { target?: { candidates: unknown[] } }[] } }, flowId);
    expect(saved.data.steps[1]!.target!.candidates[0]).toEqual({ by: 'role', value: 'button', name: 'Log in' });
  }, 400_000);
});
