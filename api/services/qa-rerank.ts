import { z } from 'zod';
import { LlmUnavailable, type LlmClient } from '../ai/llm-client.js';

export interface RerankCandidate {
  pairId: string;
  question: string;
  answer: string;
}

export interface RerankResult {
  /** The pair the model picked, or null when it says none of them answers the question. */
  pairId: string | null;
  /** The picked pair's answer reworded by the model, when asked for and usable. */
  answer?: string;
}

const replySchema = z.object({ pairId: z.string().nullable(), answer: z.string().optional() });

const SYSTEM = [
  'You route a customer question to one curated question/answer pair of a help desk.',
  'Reply with JSON only: {"pairId": "<one of the given pair ids>" or null, "answer": "<optional>"}.',
  'Pick the pair whose question means the same as the customer question; null when none does.',
  'Never invent facts. When asked to rephrase, reword ONLY the picked pair\'s answer, in the language of the customer question, adding nothing.',
].join('\n');

/**
 * Asks the model to pick one of the offline candidates (or none) and, when `rephrase` is on, to
 * reword that pair's answer. Returns null on any model failure (timeout, 429, 5xx, malformed
 * JSON, an id it was not given): the caller then keeps the offline decision.
 */
export async function rerankWithModel(llm: LlmClient, question: string, candidates: RerankCandidate[], rephrase: boolean): Promise<RerankResult | null> {
  if (!llm.configured || candidates.length === 0) return null;
  try {
    const reply = await llm.chatJson({
      system: SYSTEM,
      user: JSON.stringify({ question, rephrase, pairs: candidates.map((c) => ({ id: c.pairId, question: c.question, answer: c.answer })) }),
      schema: replySchema,
      maxTokens: 800,
    });
    if (reply.pairId === null) return { pairId: null };
    const picked = candidates.find((c) => c.pairId === reply.pairId);
    if (!picked) return null;
    const answer = reply.answer?.trim();
    // A rewording far longer than its source is no longer "only from the cited pair".
    const usable = rephrase && answer && answer.length <= picked.answer.length * 2 + 200;
    return usable ? { pairId: picked.pairId, answer } : { pairId: picked.pairId };
  } catch (err) {
    if (err instanceof LlmUnavailable) return null;
    throw err;
  }
}
