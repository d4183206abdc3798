import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  allowListSchema,
  credentialParamSchema,
  credentialSchema,
  credentialWriteSchema,
  recorderActionSchema,
  recorderParamSchema,
  recorderStartSchema,
  recorderStateSchema,
  runParamSchema,
  scheduleParamSchema,
  scheduleSchema,
  scheduleWriteSchema,
  stepSchema,
} from '@contracts/automation.js';
import { ErrorCode } from '@contracts/error-codes.js';
import { RecorderError, type Recorder } from '../automation/recorder.js';
import type { RunExecutor } from '../automation/run-executor.js';
import { AppError } from '../http/app-error.js';
import { jsonBody, okResponse, type Router } from '../http/openapi.js';
import { ok } from '../http/respond.js';
import type { AutomationSettingsService } from '../services/automation-settings.service.js';
import type { AutomationService } from '../services/automation.service.js';
import { jpeg } from './automation.routes.js';
import { requireUser } from './user.routes.js';

const tags = ['Automation'];

/** The recorder's failures as the catalogue's codes; `data.reasonKey` is the localised explanation. */
async function recording<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof RecorderError)) throw err;
    const code = { notFound: ErrorCode.NOT_FOUND, refused: ErrorCode.FORBIDDEN, noElement: ErrorCode.VALIDATION_FAILED, busy: ErrorCode.QUEUE_FULL, navigation: ErrorCode.PAGE_UNREACHABLE }[err.reason];
    throw new AppError(code, `Recorder: ${err.reason}`, { reasonKey: `automation.recorder.errors.${err.reason}` });
  }
}

export interface AutomationSettingsRouteDeps {
  settings: AutomationSettingsService;
  flows: AutomationService;
  recorder: Recorder;
  executor: RunExecutor;
}

/** Allow-list, credentials (names only ever come back), schedules, the recorder and the live view of a paused run. Signed-in only (automation.routes.ts). */
export function registerAutomationSettingsRoutes(app: Router, { settings, flows, recorder, executor }: AutomationSettingsRouteDeps): void {
  app.openapi(createRoute({ method: 'get', path: '/automation/allow-list', tags, responses: okResponse(allowListSchema, 'Hosts the caller\'s flows may target') }), async (c) => ok(c, await settings.allowList(requireUser(c))));
  app.openapi(createRoute({ method: 'put', path: '/automation/allow-list', tags, request: jsonBody(allowListSchema), responses: okResponse(allowListSchema, 'Replaces the allow-list') }), async (c) =>
    ok(c, await settings.setAllowList(requireUser(c), c.req.valid('json').hosts)),
  );

  app.openapi(createRoute({ method: 'get', path: '/automation/credentials', tags, responses: okResponse(z.array(credentialSchema), 'Credential names (values are never shown back)') }), async (c) => ok(c, await settings.credentials(requireUser(c))));
  app.openapi(createRoute({ method: 'post', path: '/automation/credentials', tags, request: jsonBody(credentialWriteSchema), responses: okResponse(z.array(credentialSchema), 'Stores (or replaces) a credential, encrypted; use it as {{secret:name}}') }), async (c) => {
    const { name, value } = c.req.valid('json');
    return ok(c, await settings.saveCredential(requireUser(c), name, value));
  });
  app.openapi(createRoute({ method: 'delete', path: '/automation/credentials/{credentialId}', tags, request: { params: credentialParamSchema }, responses: okResponse(z.null(), 'Deletes a credential') }), async (c) => {
    await settings.removeCredential(requireUser(c), c.req.valid('param').credentialId);
    return ok(c, null);
  });

  app.openapi(createRoute({ method: 'get', path: '/automation/schedules', tags, responses: okResponse(z.array(scheduleSchema), 'The caller\'s cron schedules') }), async (c) => ok(c, await settings.schedules(requireUser(c))));
  app.openapi(createRoute({ method: 'post', path: '/automation/schedules', tags, request: jsonBody(scheduleWriteSchema), responses: okResponse(scheduleSchema, 'Runs a flow on a five-field cron expression (time zone default UTC)') }), async (c) =>
    ok(c, await settings.addSchedule(requireUser(c), c.req.valid('json'))),
  );
  app.openapi(createRoute({ method: 'delete', path: '/automation/schedules/{scheduleId}', tags, request: { params: scheduleParamSchema }, responses: okResponse(z.null(), 'Deletes a schedule') }), async (c) => {
    await settings.removeSchedule(requireUser(c), c.req.valid('param').scheduleId);
    return ok(c, null);
  });

  const session = { params: recorderParamSchema };
  app.openapi(createRoute({ method: 'post', path: '/automation/recorder', tags, request: jsonBody(recorderStartSchema), responses: okResponse(recorderStateSchema, 'Opens the address in a server browser to record a flow') }), async (c) => {
    const user = requireUser(c);
    const { url } = c.req.valid('json');
    return ok(c, await recording(async () => recorder.start(user.id, url, await flows.policyOf(user.id))));
  });
  app.openapi(createRoute({ method: 'get', path: '/automation/recorder/{sessionId}', tags, request: session, responses: okResponse(recorderStateSchema, 'The recording so far') }), async (c) =>
    ok(c, await recording(async () => recorder.state(c.req.valid('param').sessionId, requireUser(c).id))),
  );
  app.openapi(
    createRoute({ method: 'post', path: '/automation/recorder/{sessionId}/action', tags, request: { ...session, ...jsonBody(recorderActionSchema) }, responses: okResponse(recorderStateSchema, 'Does a click, typing, choice or navigation on the page and records it') }),
    async (c) => ok(c, await recording(() => recorder.act(c.req.valid('param').sessionId, requireUser(c).id, c.req.valid('json')))),
  );
  app.openapi(createRoute({ method: 'delete', path: '/automation/recorder/{sessionId}', tags, request: session, responses: okResponse(z.array(stepSchema), 'Closes the browser and returns the recorded steps') }), async (c) => {
    const user = requireUser(c);
    const id = c.req.valid('param').sessionId;
    recorder.state(id, user.id);
    return ok(c, await recorder.stop(id));
  });
  app.get('/automation/recorder/:sessionId/screenshot', async (c) => {
    const { sessionId } = recorderParamSchema.parse(c.req.param());
    return jpeg(c, await recording(() => recorder.screenshot(sessionId, requireUser(c).id)));
  });

  // A run paused on a CAPTCHA: the person sees its page and clicks or types through it, then resumes.
  app.get('/automation/runs/:runId/live', async (c) => {
    const { runId } = runParamSchema.parse(c.req.param());
    await flows.getRun(requireUser(c), runId);
    const page = executor.pausedPage(runId);
    return jpeg(c, page ? await page.screenshot({ type: 'jpeg', quality: 60 }) : null);
  });
  app.openapi(
    createRoute({ method: 'post', path: '/automation/runs/{runId}/live', tags, request: { params: runParamSchema, ...jsonBody(recorderActionSchema) }, responses: okResponse(z.null(), 'Clicks or types on the page of a paused run') }),
    async (c) => {
      const { runId } = c.req.valid('param');
      await flows.getRun(requireUser(c), runId);
      const page = executor.pausedPage(runId);
      if (!page) throw new AppError(ErrorCode.NOT_FOUND, 'The run is not paused');
      const a = c.req.valid('json');
      if (a.kind === 'click' && a.x !== undefined && a.y !== undefined) await page.mouse.click(a.x, a.y);
      else if (a.kind === 'type' && a.text) await page.keyboard.type(a.text);
      return ok(c, null);
    },
  );
}
