import { useCallback, useEffect, useRef, useState } from 'react';
import { mutate } from 'swr';
import { isAbort, type RunPhase, type RunResult } from '../run-tool';
import { toToolError, type ToolError } from '../tool-error';

export type RunState =
  | { status: 'idle'; cancelled?: boolean }
  | { status: 'running'; phase: RunPhase; progress?: number }
  | { status: 'done'; result: RunResult }
  | { status: 'failed'; error: ToolError };

type Runner = (callbacks: { onPhase: (p: RunPhase) => void; onProgress: (f: number | undefined) => void; signal: AbortSignal }) => Promise<RunResult>;

/** The quota the header and profile show went up or down: every `/config/limit…` key is fetched again. */
const refreshLimits = () => void mutate((key) => typeof key === 'string' && key.startsWith('/config/limit'));

/** One run of a tool at a time: its phase and progress, cancel, and the result or the error. Leaving the page cancels it. */
export function useToolRun() {
  const [state, setState] = useState<RunState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(async (runner: Runner) => {
    controller.current?.abort();
    const own = new AbortController();
    controller.current = own;
    setState({ status: 'running', phase: 'starting' });
    const live = () => controller.current === own && !own.signal.aborted;
    try {
      const result = await runner({
        signal: own.signal,
        onPhase: (phase) => live() && setState({ status: 'running', phase }),
        onProgress: (progress) => live() && setState((s) => (s.status === 'running' ? { ...s, ...(progress === undefined ? { progress: undefined } : { progress }) } : s)),
      });
      if (live()) setState({ status: 'done', result });
    } catch (error) {
      if (!live()) return;
      if (isAbort(error)) setState({ status: 'idle', cancelled: true });
      else setState({ status: 'failed', error: toToolError(error) });
    } finally {
      if (controller.current === own) controller.current = null;
      refreshLimits();
    }
  }, []);

  const cancel = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setState({ status: 'idle', cancelled: true });
  }, []);

  const reset = useCallback(() => setState({ status: 'idle' }), []);

  return { state, start, cancel, reset };
}
