import type { Logger } from 'pino';
import type { EngineName, JobMetrics } from './job-metrics.js';

/** One running job as its engine calls see it. */
export interface JobTrace {
  /** Carries the job's conversion id and the request id that queued it. */
  log: Logger;
  metrics?: JobMetrics | undefined;
  /** The engine being called now, or null between calls: a failure is laid at this engine's door. */
  engine: EngineName | null;
}

/** Runs one call into an engine for a job: logged with the job's ids, timed and counted per engine. */
export async function callEngine<T>(trace: JobTrace, engine: EngineName, what: { target: string }, call: () => Promise<T>): Promise<T> {
  trace.engine = engine;
  trace.metrics?.engineCallStarted(engine);
  const started = performance.now();
  const elapsed = () => performance.now() - started;
  try {
    const out = await call();
    trace.metrics?.engineCallEnded(engine, true, elapsed() / 1000);
    trace.log.info({ engine, ...what, ms: Math.round(elapsed()) }, 'engine call done');
    trace.engine = null;
    return out;
  } catch (err) {
    trace.metrics?.engineCallEnded(engine, false, elapsed() / 1000);
    const reason = (err as { reason?: unknown } | null)?.reason;
    trace.log.warn({ engine, ...what, ms: Math.round(elapsed()), reason, err: err instanceof Error ? err.message : String(err) }, 'engine call failed');
    throw err;
  }
}
