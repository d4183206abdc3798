import type { LlmCall, LlmReply } from './llm-stand-in.js';

/** The segments one translation call carried: id → masked text (placeholders ⟦n⟧ in place). */
export function segmentsOf(call: LlmCall): Record<string, string> {
  return (JSON.parse(call.user) as { segments: Record<string, string> }).segments;
}

/** A deterministic "translation" that keeps every token: the text tagged with its own id, so a swap would show. */
export const fakeTranslation = (id: string, masked: string) => `【${id}】${masked}`;

/** The model's answer for `translations`, as the chat content. */
export const answer = (translations: Record<string, string>): LlmReply => ({ content: JSON.stringify({ translations }) });

/** A model that translates every segment of every call with fakeTranslation. */
export const faithful = (call: LlmCall): LlmReply => answer(Object.fromEntries(Object.entries(segmentsOf(call)).map(([id, text]) => [id, fakeTranslation(id, text)])));
