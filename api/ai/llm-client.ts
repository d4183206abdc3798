import type { z } from 'zod';
import type { LlmSettings } from '../config.js';

/** Why a model call gave no usable answer; callers fall back to their offline answer (or 50302). */
export type LlmFailure = 'not-configured' | 'timeout' | 'rate-limited' | 'http' | 'network' | 'malformed';

export class LlmUnavailable extends Error {
  constructor(
    readonly reason: LlmFailure,
    message: string,
  ) {
    super(message);
    this.name = 'LlmUnavailable';
  }
}

export interface LlmJsonRequest<T> {
  /** The instructions. */
  system: string;
  /** The material (questions, paragraphs), usually JSON itself. */
  user: string;
  /** What the answer must look like; anything else is `malformed`. */
  schema: z.ZodType<T>;
  maxTokens?: number;
  signal?: AbortSignal;
  /** Told the tokens the endpoint reports spending (`usage` in its answer), when it reports them. */
  onUsage?: (usage: LlmUsage) => void;
}

/** What one call cost, as the endpoint reports it. */
export interface LlmUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

export interface LlmClient {
  /** False without LLM_BASE_URL: every call fails with `not-configured` at once. */
  readonly configured: boolean;
  /** One chat completion whose answer is a JSON object checked against `schema`. Throws LlmUnavailable. */
  chatJson<T>(req: LlmJsonRequest<T>): Promise<T>;
}

interface ChatCompletion {
  choices?: { message?: { content?: unknown } }[];
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown; total_tokens?: unknown };
}

const count = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : 0);

function usageOf(body: ChatCompletion): LlmUsage | null {
  const u = body.usage;
  if (!u || typeof u !== 'object') return null;
  const promptTokens = count(u.prompt_tokens);
  const completionTokens = count(u.completion_tokens);
  return { promptTokens, completionTokens, totalTokens: count(u.total_tokens) || promptTokens + completionTokens };
}

/** Models sometimes wrap JSON in a Markdown fence even when asked not to. */
function unfence(text: string): string {
  const m = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/i.exec(text);
  return m ? m[1]! : text;
}

/**
 * The adapter for an OpenAI-compatible chat endpoint (OpenAI, Azure, vLLM, Ollama, …): the only
 * code that talks to a model. Temperature 0 and a JSON answer, so callers can check what comes
 * back; a timeout, a 429, a 5xx, a dropped connection or an answer that is not the JSON asked for
 * all end as LlmUnavailable, never as an error page. Tested against a local stand-in server.
 */
export function createLlmClient(settings: LlmSettings | undefined, fetchImpl: typeof fetch = fetch): LlmClient {
  return {
    configured: settings !== undefined,
    async chatJson<T>({ system, user, schema, maxTokens = 2048, signal, onUsage }: LlmJsonRequest<T>): Promise<T> {
      if (!settings) throw new LlmUnavailable('not-configured', 'LLM_BASE_URL is not set');
      const timeout = AbortSignal.timeout(settings.timeoutMs);
      let res: Response;
      try {
        res = await fetchImpl(`${settings.baseUrl}/chat/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}) },
          body: JSON.stringify({
            model: settings.model,
            temperature: 0,
            max_tokens: maxTokens,
            response_format: { type: 'json_object' },
            messages: [
              { role: 'system', content: system },
              { role: 'user', content: user },
            ],
          }),
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
      } catch (err) {
        if (timeout.aborted) throw new LlmUnavailable('timeout', `no answer within ${settings.timeoutMs} ms`);
        throw new LlmUnavailable('network', err instanceof Error ? err.message : String(err));
      }
      if (res.status === 429) throw new LlmUnavailable('rate-limited', 'the model service answered 429');
      if (!res.ok) throw new LlmUnavailable('http', `the model service answered ${res.status}`);
      let content: unknown;
      try {
        const body = (await res.json()) as ChatCompletion;
        content = body.choices?.[0]?.message?.content;
        // Reported before the answer is checked: a malformed answer was still paid for.
        const usage = onUsage ? usageOf(body) : null;
        if (usage) onUsage?.(usage);
      } catch {
        if (timeout.aborted) throw new LlmUnavailable('timeout', `no answer within ${settings.timeoutMs} ms`);
        throw new LlmUnavailable('malformed', 'the answer is not a chat completion');
      }
      if (typeof content !== 'string') throw new LlmUnavailable('malformed', 'the answer has no message content');
      let parsed: unknown;
      try {
        parsed = JSON.parse(unfence(content));
      } catch {
        throw new LlmUnavailable('malformed', 'the message is not JSON');
      }
      const checked = schema.safeParse(parsed);
      if (!checked.success) throw new LlmUnavailable('malformed', `the message does not have the shape asked for: ${checked.error.issues[0]?.message ?? ''}`);
      return checked.data;
    },
  };
}
