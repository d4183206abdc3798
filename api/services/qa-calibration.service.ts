import type { QaPair } from '@engines/qa/index.js';
import { calibratePairs, genericQuestionsFor, parseCalibration } from '@engines/qa/calibrate.js';
import { semanticTextsOf } from '@engines/qa/semantic.js';
import type { Db } from '../db/index.js';
import { jiebaSegmenter } from '../ai/jieba.js';
import { findQaBot, listQaPairs, updateQaBot } from '../repositories/qa-bots.repository.js';
import { parseGroups, parseStrings } from './qa-bot.service.js';
import type { SemanticVectors } from './qa-ranking.js';

/**
 * Calibrates a bot once its sentence vectors are stored (the embedding job's hook): its own
 * phrasings asked with each left out, and the shipped generic out-of-scope questions of its
 * language, set the answer threshold and the hand-off line (engines/qa/calibrate.ts). The
 * threshold follows the calibration unless the owner has moved it away from the last one.
 */
export function createQaCalibration(deps: { db: Db; semantic: SemanticVectors; now: () => number }) {
  const { db, semantic, now } = deps;
  /** The generic questions' vectors, made once per process (they are not stored: no bot owns them). */
  const generic = new Map<string, Float32Array>();

  async function genericVectors(questions: readonly string[]): Promise<void> {
    const missing = questions.filter((q) => !generic.has(q));
    if (missing.length === 0) return;
    const vectors = await semantic.embedQuery(missing);
    missing.forEach((q, i) => generic.set(q, vectors[i] as Float32Array));
  }

  return async function calibrateBot(botId: string): Promise<void> {
    const bot = await findQaBot(db, botId);
    if (!bot) return;
    const pairs: QaPair[] = (await listQaPairs(db, botId)).map((r) => ({ id: r.id, question: r.question, alternatives: parseStrings(r.alternatives), answer: r.answer }));
    if (pairs.length < 2) return;
    const vectors = await semantic.vectors(semanticTextsOf(pairs));
    await genericVectors(genericQuestionsFor(pairs));
    const calibration = calibratePairs(pairs, { synonyms: parseGroups(bot.synonyms), segmentChinese: jiebaSegmenter() }, (t) => vectors.get(t) ?? generic.get(t));
    if (!calibration) return;
    // Read again: the owner may have moved the threshold while this ran.
    const current = await findQaBot(db, botId);
    if (!current) return;
    const previous = parseCalibration(current.calibration);
    const ownersOwn = previous !== null && previous.threshold !== current.threshold_milli;
    await updateQaBot(db, botId, { calibration: JSON.stringify(calibration), ...(ownersOwn ? {} : { threshold_milli: calibration.threshold }), updated_at: now() }, true);
  };
}
