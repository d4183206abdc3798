import { z } from 'zod';
import type { ReadLang } from '@contracts/ai-read.js';
import { LlmUnavailable, type LlmClient } from '../llm-client.js';
import { nothingToTranslate, protect, restore, type Masked } from './placeholders.js';

/** A batch holds at most this many paragraphs and characters, so one model answer stays well inside its output limit. */
export const BATCH_LIMITS = { segments: 20, chars: 6000 } as const;

const LANG_NAMES: Record<ReadLang, string> = { en: 'English', zh: 'Simplified Chinese' };

const answerSchema = z.object({ translations: z.record(z.string(), z.string()) });

export interface SegmentInput {
  id: string;
  text: string;
}

export interface SegmentsOutcome {
  /** id → translation, for every paragraph translated (protected parts restored). */
  translated: Map<string, string>;
  /** Paragraphs with no usable translation after one retry. */
  failed: Set<string>;
  /** Calls that reached the model and returned a usable answer (0: the service gave nothing at all). */
  answeredCalls: number;
  /** The last reason a call failed, for the 50302 answer when nothing could be translated. */
  lastFailure?: LlmUnavailable;
}

function systemPrompt(from: ReadLang, to: ReadLang): string {
  return [
    `You translate paragraphs from ${LANG_NAMES[from]} to ${LANG_NAMES[to]}.`,
    'The user message is a JSON object {"segments": {"<id>": "<paragraph>", …}}.',
    'Tokens such as ⟦0⟧ stand for formulas, code, links and numbers: copy each token unchanged, exactly once, where it belongs in the translation.',
    'Answer with one JSON object {"translations": {"<id>": "<translation>", …}} holding every id of the input and nothing else; no notes, no Markdown.',
  ].join('\n');
}

/** Splits paragraphs into batches bounded by count and characters; a single long paragraph gets a batch of its own. */
export function toBatches<T extends { masked: string }>(items: readonly T[], limits: { segments: number; chars: number } = BATCH_LIMITS): T[][] {
  const batches: T[][] = [];
  let current: T[] = [];
  let chars = 0;
  for (const item of items) {
    if (current.length > 0 && (current.length >= limits.segments || chars + item.masked.length > limits.chars)) {
      batches.push(current);
      current = [];
      chars = 0;
    }
    current.push(item);
    chars += item.masked.length;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

type Pending = Masked & { id: string };

/**
 * Translates paragraphs through the model, batched as JSON keyed by paragraph id. An answer is
 * matched to its paragraph by id only (order, unknown ids and extra keys are ignored). A
 * paragraph whose answer is missing, or lost a protected token, or whose batch came back
 * malformed, is tried once more in a later batch, then reported failed. Transport failures
 * (timeout, 429, 5xx, network) are not retried at once: the reader retries later.
 */
export async function translateSegments(llm: LlmClient, from: ReadLang, to: ReadLang, segments: readonly SegmentInput[], signal?: AbortSignal): Promise<SegmentsOutcome> {
  const outcome: SegmentsOutcome = { translated: new Map(), failed: new Set(), answeredCalls: 0 };
  const pending: Pending[] = [];
  for (const s of segments) {
    const masked = protect(s.text);
    if (nothingToTranslate(masked.masked)) outcome.translated.set(s.id, s.text);
    else pending.push({ id: s.id, ...masked });
  }
  const system = systemPrompt(from, to);
  const runRound = async (items: Pending[]): Promise<Pending[]> => {
    const again: Pending[] = [];
    for (const batch of toBatches(items)) {
      let answer: Record<string, string>;
      try {
        const segmentsJson = Object.fromEntries(batch.map((p) => [p.id, p.masked]));
        answer = (await llm.chatJson({ system, user: JSON.stringify({ segments: segmentsJson }), schema: answerSchema, maxTokens: 4096, ...(signal ? { signal } : {}) })).translations;
      } catch (err) {
        if (!(err instanceof LlmUnavailable)) throw err;
        outcome.lastFailure = err;
        if (err.reason === 'malformed') again.push(...batch);
        else for (const p of batch) outcome.failed.add(p.id);
        continue;
      }
      outcome.answeredCalls++;
      for (const p of batch) {
        const raw = Object.hasOwn(answer, p.id) ? answer[p.id] : undefined;
        const restored = typeof raw === 'string' && raw.trim() ? restore(raw.trim(), p.parts) : null;
        if (restored === null) again.push(p);
        else outcome.translated.set(p.id, restored);
      }
    }
    return again;
  };
  const retry = await runRound(pending);
  const stillFailing = retry.length ? await runRound(retry) : [];
  for (const p of stillFailing) outcome.failed.add(p.id);
  return outcome;
}
