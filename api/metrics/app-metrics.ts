import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import type { EngineName, JobEnd, JobMetrics } from '../jobs/job-metrics.js';
import type { JobQueue } from '../jobs/job-queue.js';

/** Every metric name starts so, to tell ours from the exporter's or the platform's. */
export const METRIC_PREFIX = 'docuflow_';

export const ENGINES: readonly EngineName[] = ['libreoffice', 'engine-threads', 'pdf-tools'];

/** Engine calls last from milliseconds (a small sheet) to the conversion time limit (a long deck). */
const ENGINE_BUCKETS_S = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

/**
 * The metrics of one app instance, in a registry of its own: tests build many apps in one
 * process, and prom-client's global registry would refuse the second app's metric names.
 * What is counted as it happens lives here; what is read from the pools at each scrape is
 * registered by observeState (state-gauges.ts).
 */
export function createAppMetrics() {
  const registry = new Registry();
  const registers = [registry];
  const http = {
    requests: new Counter({ name: `${METRIC_PREFIX}http_requests_total`, help: 'HTTP requests answered, by method, route pattern and status.', labelNames: ['method', 'route', 'status'] as const, registers }),
    duration: new Histogram({ name: `${METRIC_PREFIX}http_request_duration_seconds`, help: 'Time to answer an HTTP request, by method and route pattern.', labelNames: ['method', 'route'] as const, registers }),
  };
  const queued = new Counter({ name: `${METRIC_PREFIX}conversion_jobs_queued_total`, help: 'Server conversion jobs this process queued.', registers });
  const succeeded = new Counter({ name: `${METRIC_PREFIX}conversion_jobs_succeeded_total`, help: 'Server conversion jobs that ended converted.', registers });
  const failed = new Counter({
    name: `${METRIC_PREFIX}conversion_jobs_failed_total`,
    help: 'Server conversion jobs that ended failed, by the engine whose call failed ("none": no engine was at fault, e.g. too many starts).',
    labelNames: ['engine'] as const,
    registers,
  });
  const refunded = new Counter({ name: `${METRIC_PREFIX}conversion_jobs_refunded_total`, help: 'Failed server conversion jobs whose units were given back, by the engine whose call failed.', labelNames: ['engine'] as const, registers });
  const engineCalls = new Counter({ name: `${METRIC_PREFIX}engine_jobs_total`, help: 'Calls into an engine that ended, by engine and outcome.', labelNames: ['engine', 'outcome'] as const, registers });
  const engineDuration = new Histogram({ name: `${METRIC_PREFIX}engine_job_duration_seconds`, help: 'Time of one engine call, waiting for the engine included.', labelNames: ['engine'] as const, buckets: ENGINE_BUCKETS_S, registers });
  // Every series exists from the start (at 0), so rate() and alerts see the first event.
  for (const engine of [...ENGINES, 'none']) {
    failed.labels(engine).inc(0);
    refunded.labels(engine).inc(0);
  }
  for (const engine of ENGINES) for (const outcome of ['succeeded', 'failed']) engineCalls.labels(engine, outcome).inc(0);

  const inFlight: Record<EngineName, number> = { libreoffice: 0, 'engine-threads': 0, 'pdf-tools': 0 };
  const jobs: JobMetrics = {
    engineCallStarted(engine) {
      inFlight[engine] += 1;
    },
    engineCallEnded(engine, ok, seconds) {
      inFlight[engine] -= 1;
      engineCalls.labels(engine, ok ? 'succeeded' : 'failed').inc();
      engineDuration.labels(engine).observe(seconds);
    },
    jobEnded(end: JobEnd) {
      if (end.status === 'succeeded') {
        succeeded.inc();
        return;
      }
      failed.labels(end.engine ?? 'none').inc();
      if (end.refunded) refunded.labels(end.engine ?? 'none').inc();
    },
  };

  let processMetrics = false;
  return {
    registry,
    http,
    jobs,
    /** Engine calls made and not yet ended (waiting or running), for engines that report no state of their own. */
    inFlight: (engine: EngineName) => inFlight[engine],
    /** The queue, counting each job it accepts. */
    meterQueue(queue: JobQueue): JobQueue {
      return {
        ...queue,
        async enqueue(id, context) {
          const ok = await queue.enqueue(id, context);
          if (ok) queued.inc();
          return ok;
        },
      };
    },
    /** The exposition text. The process's own metrics (CPU, memory, event-loop lag) start at the first scrape, so apps never scraped (tests) run no monitor. */
    async scrape(): Promise<string> {
      if (!processMetrics) {
        processMetrics = true;
        collectDefaultMetrics({ register: registry, prefix: METRIC_PREFIX });
      }
      return registry.metrics();
    },
  };
}

export type AppMetrics = ReturnType<typeof createAppMetrics>;
