import { z } from 'zod';

/** Web process automation (issue 14): flows of steps replayed by a server browser. */

export const LOCATOR_KINDS = ['role', 'label', 'testId', 'text', 'css'] as const;
export type LocatorKind = (typeof LOCATOR_KINDS)[number];

export const locatorCandidateSchema = z.object({
  by: z.enum(LOCATOR_KINDS),
  value: z.string().trim().min(1).max(500),
  /** The accessible name for `role` candidates. */
  name: z.string().max(300).optional(),
});
export type LocatorCandidate = z.infer<typeof locatorCandidateSchema>;

/** An element, found by the first of its candidates that matches (most stable first). */
export const targetSchema = z.object({ candidates: z.array(locatorCandidateSchema).min(1).max(8) });
export type Target = z.infer<typeof targetSchema>;

const text = z.string().max(4000);

const gotoStep = z.object({ type: z.literal('goto'), url: z.string().trim().min(1).max(2000) });
const clickStep = z.object({ type: z.literal('click'), target: targetSchema });
/** `text` may hold `{{variable}}` and `{{secret:name}}` (a stored credential, never shown back). */
const typeStep = z.object({ type: z.literal('type'), target: targetSchema, text });
const selectStep = z.object({ type: z.literal('select'), target: targetSchema, value: text });
/** A small file made by the flow itself (base64); uploads from the user's disk stay in the browser. */
const uploadStep = z.object({ type: z.literal('upload'), target: targetSchema, fileName: z.string().min(1).max(200), contentBase64: z.string().max(700_000) });
/** Waits for the target to be visible, or `ms` milliseconds without one. */
const waitStep = z.object({ type: z.literal('wait'), target: targetSchema.optional(), ms: z.number().int().min(0).max(30_000).optional() });
/** The target exists, and holds `text` when given. */
const assertStep = z.object({ type: z.literal('assert'), target: targetSchema, text: text.optional() });
/** Stores the element's text as column `name`; `all` takes every match, one output row each. */
const extractStep = z.object({ type: z.literal('extract'), target: targetSchema, name: z.string().trim().min(1).max(60), all: z.boolean().optional() });

const leafSteps = [gotoStep, clickStep, typeStep, selectStep, uploadStep, waitStep, assertStep, extractStep] as const;

export const conditionSchema = z.union([
  z.object({ kind: z.literal('exists'), target: targetSchema }),
  z.object({ kind: z.literal('equals'), variable: z.string().min(1).max(60), value: text }),
]);
export type Condition = z.infer<typeof conditionSchema>;

/** Nested blocks go three levels deep: enough for a loop with an `if` inside, and no recursive schema. */
function blockSteps<T extends z.ZodType>(inner: T) {
  const children = z.array(inner).max(200);
  return [
    /** Runs `steps` once per CSV row (header line first); each column is a `{{variable}}`. */
    z.object({ type: z.literal('loop'), csv: z.string().max(200_000), steps: children }),
    z.object({ type: z.literal('if'), condition: conditionSchema, steps: children, else: children.optional() }),
  ] as const;
}
const level0 = z.discriminatedUnion('type', [...leafSteps]);
const level1 = z.discriminatedUnion('type', [...leafSteps, ...blockSteps(level0)]);
const level2 = z.discriminatedUnion('type', [...leafSteps, ...blockSteps(level1)]);
export const stepSchema = z.discriminatedUnion('type', [...leafSteps, ...blockSteps(level2)]);
export type Step = z.infer<typeof stepSchema>;
export type StepType = Step['type'];
export const STEP_TYPES: readonly StepType[] = ['goto', 'click', 'type', 'select', 'upload', 'wait', 'assert', 'extract', 'loop', 'if'];

/** Hard ceilings; a flow may ask for less. */
export const MAX_STEP_CAP = 1000;
export const MAX_TIME_CAP_MS = 10 * 60_000;
export const DEFAULT_STEP_CAP = 200;
export const DEFAULT_TIME_CAP_MS = 2 * 60_000;

export const flowWriteSchema = z.object({
  name: z.string().trim().min(1).max(100),
  steps: z.array(stepSchema).min(1).max(300),
  stepCap: z.number().int().min(1).max(MAX_STEP_CAP).optional(),
  timeCapMs: z.number().int().min(1000).max(MAX_TIME_CAP_MS).optional(),
});
export type FlowWrite = z.infer<typeof flowWriteSchema>;

export const flowSchema = flowWriteSchema.extend({
  flowId: z.string(),
  stepCap: z.number().int(),
  timeCapMs: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Flow = z.infer<typeof flowSchema>;
export const flowListSchema = z.array(flowSchema);

export const flowParamSchema = z.object({ flowId: z.string().min(1).max(40) });
export const runParamSchema = z.object({ runId: z.string().min(1).max(40) });
/**
 * A path segment is a string: digits only, read as a number. (z.coerce.number() took `null` for 0,
 * so the OpenAPI document called the path parameter optional and nullable, which no path can be.)
 */
export const runStepParamSchema = runParamSchema.extend({ index: z.string().regex(/^\d{1,6}$/).transform(Number).pipe(z.number().int().max(100_000)) });

export const runRequestSchema = z.object({ variables: z.record(z.string().max(60), z.string().max(4000)).optional() });

export const RUN_STATUSES = ['queued', 'running', 'paused', 'succeeded', 'failed', 'refused'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/**
 * A step the model repaired (every candidate failed; the endpoint chose an element of the page's
 * accessibility snapshot): the role + name candidate that found it, which the owner may accept
 * into the flow as the step's first candidate.
 */
export const stepRepairSchema = z.object({
  candidate: locatorCandidateSchema,
  /** Where the step sits in the flow: `2` is the third step, `2/steps/0` the first inside its block, `2/else/1` in its else branch. */
  path: z.string(),
  /** True once the owner put the candidate first in the flow's step. */
  accepted: z.boolean().optional(),
});
export type StepRepair = z.infer<typeof stepRepairSchema>;

export const runStepSchema = z.object({
  index: z.number().int(),
  type: z.string(),
  ok: z.boolean(),
  /** The candidate that found the element. */
  locator: locatorCandidateSchema.optional(),
  repair: stepRepairSchema.optional(),
  screenshotUrl: z.string().optional(),
  error: z.string().optional(),
  ms: z.number().int(),
});
export type RunStep = z.infer<typeof runStepSchema>;

export const runOutputSchema = z.object({ rows: z.array(z.record(z.string(), z.string())), variables: z.record(z.string(), z.string()) });
export type RunOutput = z.infer<typeof runOutputSchema>;

export const runSchema = z.object({
  runId: z.string(),
  flowId: z.string(),
  status: z.enum(RUN_STATUSES),
  trigger: z.enum(['manual', 'schedule']),
  steps: z.array(runStepSchema),
  output: runOutputSchema.optional(),
  /** Why the run failed or was refused (a reason key under automation.errors). */
  error: z.string().optional(),
  /** The failing step's page: its address and a screenshot. */
  /** `screenshotUrl` is gone once the run's screenshots are purged, three hours after it ended. */
  failure: z.object({ pageUrl: z.string(), screenshotUrl: z.string().optional() }).optional(),
  createdAt: z.string(),
  startedAt: z.string().optional(),
  finishedAt: z.string().optional(),
});
export type Run = z.infer<typeof runSchema>;
export const runListSchema = z.array(runSchema.omit({ steps: true, output: true }));
export type RunSummary = z.infer<typeof runListSchema>[number];

export const scheduleWriteSchema = z.object({
  flowId: z.string().min(1).max(40),
  cron: z.string().trim().min(9).max(100),
  timezone: z.string().max(60).optional(),
});
export const scheduleSchema = z.object({ scheduleId: z.string(), flowId: z.string(), cron: z.string(), timezone: z.string(), nextRunAt: z.string().nullable(), lastRunAt: z.string().nullable() });
export type Schedule = z.infer<typeof scheduleSchema>;
export const scheduleParamSchema = z.object({ scheduleId: z.string().min(1).max(40) });

/** A host (`example.com`, `*.example.com`, `127.0.0.1:8080`) the user's flows may target. */
export const allowListSchema = z.object({
  hosts: z.array(z.string().trim().toLowerCase().regex(/^(\*\.)?[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:]+\](:\d{1,5})?$/)).max(50),
});
export type AllowList = z.infer<typeof allowListSchema>;

export const credentialWriteSchema = z.object({
  name: z.string().trim().regex(/^[a-zA-Z0-9_-]{1,40}$/),
  value: z.string().min(1).max(2000),
});
/** Credentials are never shown back: only their names. */
export const credentialSchema = z.object({ credentialId: z.string(), name: z.string(), createdAt: z.string() });
export const credentialParamSchema = z.object({ credentialId: z.string().min(1).max(40) });

export const recorderStartSchema = z.object({ url: z.string().trim().min(1).max(2000) });
export const recorderParamSchema = z.object({ sessionId: z.string().min(1).max(40) });
/** What the user did on the streamed screenshot, at page coordinates. */
export const recorderActionSchema = z.object({
  kind: z.enum(['click', 'type', 'select', 'extract', 'assert', 'goto']),
  x: z.number().min(0).max(10_000).optional(),
  y: z.number().min(0).max(10_000).optional(),
  text: z.string().max(4000).optional(),
  url: z.string().max(2000).optional(),
  name: z.string().max(60).optional(),
});
export type RecorderAction = z.infer<typeof recorderActionSchema>;
export const recorderStateSchema = z.object({ sessionId: z.string(), url: z.string(), steps: z.array(stepSchema), width: z.number(), height: z.number() });
export type RecorderState = z.infer<typeof recorderStateSchema>;
