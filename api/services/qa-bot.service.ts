import { randomBytes, randomUUID } from 'node:crypto';
import { qaDocumentKind, DEFAULT_THRESHOLD } from '@engines/qa/index.js';
import { calibrationCurve, parseCalibration } from '@engines/qa/calibrate.js';
import { QA_PUBLIC_DAILY_CAP_DEFAULT, type QaBot, type QaBotCreate, type QaBotUpdate, type QaImportResultBody, type QaPairBody, type QaPairWrite } from '@contracts/ai-qa.js';
import { ErrorCode } from '@contracts/error-codes.js';
import { transaction, type Db, type DbOrTx } from '../db/index.js';
import { AppError } from '../http/app-error.js';
import {
  deleteQaBot,
  deleteQaPair,
  findQaBot,
  findQaPair,
  insertQaBot,
  insertQaPair,
  listQaBots,
  listQaPairs,
  maxQaPairPosition,
  replaceQaPairs,
  updateQaBot,
  updateQaPair,
  type QaBotRow,
  type QaPairRow,
} from '../repositories/qa-bots.repository.js';
import type { QaDocumentReader } from './qa-document-reader.js';
import type { SessionUser } from './session.service.js';
import type { ToolUsageService } from './tool-usage.service.js';

export const botNotFound = () => new AppError(ErrorCode.NOT_FOUND, 'No such bot');

export const toBot = (row: QaBotRow): QaBot => {
  const calibration = parseCalibration(row.calibration);
  return {
    botId: row.id,
    publicKey: row.public_key,
    name: row.name,
    threshold: row.threshold_milli / 1000,
    pairs: row.pairs,
    publicDailyCap: row.public_daily_cap,
    ...(calibration ? { calibration: { suggested: calibration.threshold / 1000, handoffBelow: calibration.handoffBelow / 1000, curve: calibrationCurve(calibration) } } : {}),
  };
};
/** What the bot service needs of the embedding job (qa-embed.service.ts), declared here so the two do not import each other. */
export interface QaEmbedPort {
  schedule(botId: string): void;
  progress(botId: string, version?: number): Promise<{ ready: number; total: number; running: boolean }>;
}

export const toPair = (row: QaPairRow): QaPairBody => ({ pairId: row.id, question: row.question, alternatives: parseStrings(row.alternatives), answer: row.answer });

export function parseStrings(json: string): string[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return [];
  }
}

export function parseGroups(json: string): string[][] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter(Array.isArray).map((g: unknown[]) => g.filter((s): s is string => typeof s === 'string')) : [];
  } catch {
    return [];
  }
}

/** Staff's writing-tools config for the bot, read defensively (docs/qa-bot.md lists the fields). */
export async function qaToolConfig(toolUsage: ToolUsageService): Promise<{ defaultThreshold: number; rephrase: boolean }> {
  let config: Record<string, unknown> = {};
  try {
    config = (await toolUsage.settings('qa-bot')).config;
  } catch {
    // Switched off: creating and editing bots still works; only public answers are refused.
  }
  const t = config.defaultThreshold;
  return {
    defaultThreshold: typeof t === 'number' && t >= 0.05 && t <= 0.99 ? t : DEFAULT_THRESHOLD,
    rephrase: config.rephrase === true,
  };
}

/**
 * The owner's side of the QA bot: bots, their pairs (imported as a whole or edited one by one)
 * and synonyms. Every change of what the index is built from bumps the bot's version.
 */
/**
 * `readDocument` reads an imported document off the request thread (qa-document-reader.ts);
 * `embed`, when given, embeds the pairs' texts after each change and reports its progress.
 */
export function createQaBotService(db: Db, toolUsage: ToolUsageService, now: () => number, readDocument: QaDocumentReader, embed: QaEmbedPort | null = null) {
  /** The bot, when the caller owns it or is a manager; anything else is 40404 (never reveals another's bot). */
  async function ownBot(user: SessionUser, botId: string, tx: DbOrTx = db): Promise<QaBotRow> {
    const bot = await findQaBot(tx, botId);
    if (!bot || (bot.owner_id !== user.id && user.mgr !== 1)) throw botNotFound();
    return bot;
  }

  async function touch(tx: DbOrTx, botId: string, pairsDelta?: number) {
    const change: Parameters<typeof updateQaBot>[2] = { updated_at: now() };
    if (pairsDelta !== undefined) {
      const rows = await listQaPairs(tx, botId);
      change.pairs = rows.length;
    }
    await updateQaBot(tx, botId, change, true);
  }

  /** The bot with its embedding progress (`semantic`), when embedding is on. */
  async function withSemantic(row: QaBotRow): Promise<QaBot> {
    if (!embed) return toBot(row);
    const { ready, total } = await embed.progress(row.id, row.version);
    return { ...toBot(row), semantic: { ready, total } };
  }

  return {
    ownBot,

    async create(user: SessionUser, body: QaBotCreate): Promise<QaBot> {
      const threshold = body.threshold ?? (await qaToolConfig(toolUsage)).defaultThreshold;
      const t = now();
      const row: QaBotRow = {
        id: randomUUID(),
        owner_id: user.id,
        name: body.name,
        public_key: `qb_${randomBytes(12).toString('base64url')}`,
        threshold_milli: Math.round(threshold * 1000),
        synonyms: '[]',
        pairs: 0,
        version: 1,
        created_at: t,
        updated_at: t,
        public_daily_cap: body.publicDailyCap === undefined ? QA_PUBLIC_DAILY_CAP_DEFAULT : body.publicDailyCap,
        calibration: null,
      };
      await insertQaBot(db, row);
      return toBot(row);
    },

    async list(user: SessionUser): Promise<QaBot[]> {
      return Promise.all((await listQaBots(db, user.id)).map(withSemantic));
    },

    async get(user: SessionUser, botId: string): Promise<QaBot> {
      return withSemantic(await ownBot(user, botId));
    },

    async update(user: SessionUser, botId: string, body: QaBotUpdate): Promise<QaBot> {
      await ownBot(user, botId);
      const change: Parameters<typeof updateQaBot>[2] = { updated_at: now() };
      if (body.name !== undefined) change.name = body.name;
      if (body.threshold !== undefined) change.threshold_milli = Math.round(body.threshold * 1000);
      // Not in the index: the cap changes no answer, so the version (and cached answers) stay.
      if (body.publicDailyCap !== undefined) change.public_daily_cap = body.publicDailyCap;
      await updateQaBot(db, botId, change, body.threshold !== undefined);
      return toBot(await ownBot(user, botId));
    },

    async remove(user: SessionUser, botId: string): Promise<void> {
      await ownBot(user, botId);
      await transaction(db, (tx) => deleteQaBot(tx, botId));
    },

    /** All or nothing: any refused row leaves the bot's pairs as they were. */
    async importDocument(user: SessionUser, botId: string, fileName: string, bytes: Uint8Array): Promise<QaImportResultBody> {
      await ownBot(user, botId);
      const kind = qaDocumentKind(fileName, bytes);
      if (!kind) throw new AppError(ErrorCode.UNSUPPORTED_CONTENT, 'Not a CSV, XLSX, DOCX or Markdown QA document');
      const result = await readDocument(kind, fileName, bytes);
      if (result.errors.length > 0 || result.pairs.length === 0) {
        return { imported: 0, errors: result.errors.length > 0 ? result.errors : [{ line: 1, reason: 'empty' }] };
      }
      await transaction(db, async (tx) => {
        await replaceQaPairs(
          tx,
          botId,
          result.pairs.map((p, i) => ({ id: randomUUID(), bot_id: botId, position: i + 1, question: p.question, alternatives: JSON.stringify(p.alternatives), answer: p.answer })),
        );
        await updateQaBot(tx, botId, { pairs: result.pairs.length, updated_at: now() }, true);
      });
      embed?.schedule(botId);
      return { imported: result.pairs.length, errors: [] };
    },

    async pairs(user: SessionUser, botId: string): Promise<QaPairBody[]> {
      await ownBot(user, botId);
      return (await listQaPairs(db, botId)).map(toPair);
    },

    async addPair(user: SessionUser, botId: string, body: QaPairWrite): Promise<QaPairBody> {
      await ownBot(user, botId);
      const pair = await transaction(db, async (tx) => {
        const id = randomUUID();
        await insertQaPair(tx, { id, bot_id: botId, position: (await maxQaPairPosition(tx, botId)) + 1, question: body.question, alternatives: JSON.stringify(body.alternatives), answer: body.answer });
        await touch(tx, botId, 1);
        return { pairId: id, ...body };
      });
      embed?.schedule(botId);
      return pair;
    },

    async editPair(user: SessionUser, botId: string, pairId: string, body: QaPairWrite): Promise<QaPairBody> {
      await ownBot(user, botId);
      if (!(await findQaPair(db, botId, pairId))) throw new AppError(ErrorCode.NOT_FOUND, 'No such pair');
      await transaction(db, async (tx) => {
        await updateQaPair(tx, botId, pairId, { question: body.question, alternatives: JSON.stringify(body.alternatives), answer: body.answer });
        await touch(tx, botId);
      });
      embed?.schedule(botId);
      return { pairId, ...body };
    },

    async removePair(user: SessionUser, botId: string, pairId: string): Promise<void> {
      await ownBot(user, botId);
      await transaction(db, async (tx) => {
        await deleteQaPair(tx, botId, pairId);
        await touch(tx, botId, -1);
      });
      // Nothing new to embed, but the job's completion is what the ranking's calibration waits for.
      embed?.schedule(botId);
    },

    async synonyms(user: SessionUser, botId: string): Promise<{ groups: string[][] }> {
      return { groups: parseGroups((await ownBot(user, botId)).synonyms) };
    },

    async setSynonyms(user: SessionUser, botId: string, groups: string[][]): Promise<{ groups: string[][] }> {
      await ownBot(user, botId);
      await updateQaBot(db, botId, { synonyms: JSON.stringify(groups), updated_at: now() }, true);
      return { groups };
    },
  };
}
export type QaBotService = ReturnType<typeof createQaBotService>;
