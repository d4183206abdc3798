import { createRoute } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { flowListSchema, flowParamSchema, flowSchema, flowWriteSchema, runListSchema, runParamSchema, runRequestSchema, runSchema, runStepParamSchema } from '@contracts/automation.js';
import { ErrorCode } from '@contracts/error-codes.js';
import { toCsv } from '../automation/csv.js';
import type { RunFiles } from '../automation/run-files.js';
import { AppError } from '../http/app-error.js';
import type { AppEnv } from '../http/env.js';
import { jsonBody, okResponse, type Router } from '../http/openapi.js';
import { ok } from '../http/respond.js';
import type { AutomationRepairService } from '../services/automation-repair.service.js';
import type { AutomationService } from '../services/automation.service.js';
import { requireUser } from './user.routes.js';

const tags = ['Automation'];

const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireUser(c);
  await next();
};

export const jpeg = (c: Context<AppEnv>, bytes: Buffer | null) => {
  if (!bytes) throw new AppError(ErrorCode.NOT_FOUND, 'No screenshot');
  return c.body(new Uint8Array(bytes), 200, { 'Content-Type': 'image/jpeg', 'Cache-Control': 'private, no-store' });
};

export interface AutomationRouteDeps {
  flows: AutomationService;
  repairs: AutomationRepairService;
  files: RunFiles;
}

/** Flows, runs and their history (API.md, Automation). Settings and the recorder: automation-settings.routes.ts. */
export function registerAutomationRoutes(app: Router, { flows, repairs, files }: AutomationRouteDeps): void {
  app.use('/automation/*', signedIn);
  const flow = { params: flowParamSchema };
  const run = { params: runParamSchema };

  app.openapi(createRoute({ method: 'post', path: '/automation/flows', tags, request: jsonBody(flowWriteSchema), responses: okResponse(z.object({ flowId: z.string() }), 'A new flow; 40301 when a goto address is refused by the caller\'s allow-list or the SSRF policy') }), async (c) =>
    ok(c, await flows.create(requireUser(c), c.req.valid('json'))),
  );
  app.openapi(createRoute({ method: 'get', path: '/automation/flows', tags, responses: okResponse(flowListSchema, 'The caller\'s flows, oldest first') }), async (c) => ok(c, await flows.list(requireUser(c))));
  app.openapi(createRoute({ method: 'get', path: '/automation/flows/{flowId}', tags, request: flow, responses: okResponse(flowSchema, 'One flow of the caller') }), async (c) =>
    ok(c, await flows.get(requireUser(c), c.req.valid('param').flowId)),
  );
  app.openapi(
    createRoute({ method: 'put', path: '/automation/flows/{flowId}', tags, request: { ...flow, ...jsonBody(flowWriteSchema) }, responses: okResponse(flowSchema, 'Replaces the flow\'s name, steps and caps') }),
    async (c) => ok(c, await flows.update(requireUser(c), c.req.valid('param').flowId, c.req.valid('json'))),
  );
  app.openapi(createRoute({ method: 'delete', path: '/automation/flows/{flowId}', tags, request: flow, responses: okResponse(z.null(), 'Deletes the flow with its runs and schedules') }), async (c) => {
    await flows.remove(requireUser(c), c.req.valid('param').flowId);
    return ok(c, null);
  });
  app.openapi(
    createRoute({ method: 'post', path: '/automation/flows/{flowId}/run', tags, request: { ...flow, ...jsonBody(runRequestSchema) }, responses: okResponse(z.object({ runId: z.string() }), 'Queues a run (one `automation` use); 40301 when a target is refused') }),
    async (c) => ok(c, await flows.run(requireUser(c), c.req.valid('param').flowId, c.req.valid('json').variables)),
  );
  app.openapi(createRoute({ method: 'get', path: '/automation/flows/{flowId}/runs', tags, request: flow, responses: okResponse(runListSchema, 'The flow\'s last 50 runs, newest first') }), async (c) =>
    ok(c, await flows.history(requireUser(c), c.req.valid('param').flowId)),
  );
  app.openapi(createRoute({ method: 'get', path: '/automation/runs/{runId}', tags, request: run, responses: okResponse(runSchema, 'A run with its steps (screenshot per step) and output') }), async (c) =>
    ok(c, await flows.getRun(requireUser(c), c.req.valid('param').runId)),
  );
  app.openapi(createRoute({ method: 'post', path: '/automation/runs/{runId}/resume', tags, request: run, responses: okResponse(runSchema, 'Resumes a run paused for a person (CAPTCHA)') }), async (c) =>
    ok(c, await flows.resume(requireUser(c), c.req.valid('param').runId)),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/automation/runs/{runId}/steps/{index}/accept-repair',
      tags,
      request: { params: runStepParamSchema },
      responses: okResponse(flowSchema, 'Puts the LLM-repaired locator of a finished run\'s step first in the flow\'s step; 40001 with `reason` `repairOutdated` when that step changed since, 40404 when the step was not repaired'),
    }),
    async (c) => {
      const { runId, index } = c.req.valid('param');
      return ok(c, await repairs.accept(requireUser(c), runId, index));
    },
  );

  app.get('/automation/runs/:runId/steps/:index/screenshot', async (c) => {
    const { runId, index } = runStepParamSchema.parse(c.req.param());
    await flows.getRun(requireUser(c), runId);
    return jpeg(c, await files.read(runId, String(index)));
  });
  app.get('/automation/runs/:runId/failure/screenshot', async (c) => {
    const { runId } = runParamSchema.parse(c.req.param());
    await flows.getRun(requireUser(c), runId);
    return jpeg(c, await files.read(runId, 'failure'));
  });
  app.get('/automation/runs/:runId/output', async (c) => {
    const { runId } = runParamSchema.parse(c.req.param());
    const result = await flows.getRun(requireUser(c), runId);
    const rows = result.output?.rows ?? [];
    const csv = c.req.query('format') === 'csv';
    return c.body(csv ? `\uFEFF${toCsv(rows)}` : JSON.stringify(rows, null, 2), 200, {
      'Content-Type': csv ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="run-${runId.slice(0, 8)}.${csv ? 'csv' : 'json'}"`,
      'Cache-Control': 'private, no-store',
    });
  });
}
