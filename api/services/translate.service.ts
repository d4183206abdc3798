import { randomUUID } from 'node:crypto';
import { TRANSLATE_PAGE_CHARS, type TranslateRequest, type TranslateResult } from '@contracts/ai-read.js';
import { ErrorCode } from '@contracts/error-codes.js';
import { LlmUnavailable, type LlmClient } from '../ai/llm-client.js';
import { nothingToTranslate, protect } from '../ai/translate/placeholders.js';
import { textHash } from '../ai/translate/text-hash.js';
import { translateSegments } from '../ai/translate/translate-segments.js';
import { transaction, type Db } from '../db/index.js';
import { AppError } from '../http/app-error.js';
import {
  deleteTranslationPage,
  findTranslationPage,
  findTranslations,
  insertTranslationPage,
  insertTranslations,
  updateTranslationPage,
  type TranslationPageRow,
} from '../repositories/translations.repository.js';
import type { ToolUsageService } from './tool-usage.service.js';

const TOOL = 'reading-assistant' as const;

/** 50302: `data.reason` says why (not-configured, timeout, rate-limited, http, network, malformed). */
export const aiUnavailable = (reason: string, message: string) => new AppError(ErrorCode.AI_UNAVAILABLE, message, { reason });

interface PageCharge {
  useId: string;
  /** True when this request spent a use (and must give it back if nothing could be translated). */
  charged: boolean;
  /** The page's row before this request, to put back when nothing could be translated. */
  previous: TranslationPageRow | undefined;
}

class PageRaceLost extends Error {}

export interface TranslateDeps {
  db: Db;
  llm: LlmClient;
  toolUsage: ToolUsageService;
  now: () => number;
}

/**
 * Translation for the reading assistant (POST /ai/translate). Paragraphs already in the cache
 * (by language pair and hash of the source text, shared across users) cost nothing and need no
 * model call. A page is charged one use of 'reading-assistant' the first time it needs the
 * model; re-sending it (the rest of the page, retries of failed paragraphs) is free until the
 * model has been sent TRANSLATE_PAGE_CHARS characters for it. When nothing at all could be
 * translated the use is refunded and the page forgotten (50302 if the model never answered).
 */
export function createTranslateService({ db, llm, toolUsage, now }: TranslateDeps) {
  async function chargePage(userId: string, pageKey: string, chars: number): Promise<PageCharge> {
    const attempt = () =>
      transaction(db, async (tx): Promise<PageCharge> => {
        const previous = await findTranslationPage(tx, userId, pageKey);
        if (previous && previous.chars + chars <= TRANSLATE_PAGE_CHARS) {
          await updateTranslationPage(tx, userId, pageKey, { chars: previous.chars + chars });
          return { useId: previous.use_id, charged: false, previous };
        }
        const { useId } = await toolUsage.charge(userId, TOOL, pageKey, tx);
        if (previous) await updateTranslationPage(tx, userId, pageKey, { use_id: useId, chars });
        else if (!(await insertTranslationPage(tx, { user_id: userId, page_key: pageKey, use_id: useId, chars, created_at: now() }))) throw new PageRaceLost();
        return { useId, charged: true, previous };
      });
    try {
      return await attempt();
    } catch (err) {
      // A concurrent request charged this page first: the rollback undid ours, and now it is free.
      if (err instanceof PageRaceLost) return attempt();
      throw err;
    }
  }

  async function undoCharge(userId: string, pageKey: string, charge: PageCharge): Promise<void> {
    await transaction(db, async (tx) => {
      if (charge.charged) await toolUsage.refund(charge.useId, tx);
      if (charge.previous) await updateTranslationPage(tx, userId, pageKey, { use_id: charge.previous.use_id, chars: charge.previous.chars });
      else await deleteTranslationPage(tx, userId, pageKey, charge.useId);
    });
  }

  return {
    async translate(userId: string, req: TranslateRequest): Promise<TranslateResult> {
      if (!llm.configured) throw aiUnavailable('not-configured', 'LLM_BASE_URL is not set');
      await toolUsage.settings(TOOL);
      const hashOf = new Map(req.segments.map((s) => [s.id, textHash(s.text)]));
      const known = await findTranslations(db, req.from, req.to, [...new Set(hashOf.values())]);
      // One model call per distinct text; a formula or a number alone is its own translation.
      const misses = new Map<string, { id: string; text: string }>();
      for (const s of req.segments) {
        const hash = hashOf.get(s.id)!;
        if (known.has(hash) || misses.has(hash)) continue;
        if (nothingToTranslate(protect(s.text).masked)) known.set(hash, s.text);
        else misses.set(hash, { id: s.id, text: s.text });
      }
      if (misses.size > 0) {
        const pageKey = req.page ? `${req.page.documentKey}#${req.page.number}` : `request:${randomUUID()}`;
        const chars = [...misses.values()].reduce((n, m) => n + m.text.length, 0);
        const charge = await chargePage(userId, pageKey, chars);
        let outcome: Awaited<ReturnType<typeof translateSegments>>;
        try {
          outcome = await translateSegments(llm, req.from, req.to, [...misses.values()]);
        } catch (err) {
          await undoCharge(userId, pageKey, charge);
          throw err;
        }
        const done = [...misses].flatMap(([hash, m]) => {
          const translation = outcome.translated.get(m.id);
          return translation === undefined ? [] : [{ hash, translation }];
        });
        if (done.length === 0) {
          await undoCharge(userId, pageKey, charge);
          if (outcome.answeredCalls === 0) {
            const failure = outcome.lastFailure ?? new LlmUnavailable('network', 'no answer');
            throw aiUnavailable(failure.reason, failure.message);
          }
        }
        await insertTranslations(db, req.from, req.to, done, now());
        for (const d of done) known.set(d.hash, d.translation);
      }
      return {
        segments: req.segments.map((s) => {
          const text = known.get(hashOf.get(s.id)!);
          return text === undefined ? { id: s.id, text: s.text, failed: true as const } : { id: s.id, text };
        }),
      };
    },
  };
}
export type TranslateService = ReturnType<typeof createTranslateService>;
