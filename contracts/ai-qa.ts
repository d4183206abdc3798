import { z } from 'zod';

/**
 * The QA customer-service bot (API.md "AI", docs/qa-bot.md). Shared by the API, the bot page and
 * (by shape only, it must stay tiny) the embeddable widget.
 */

export const QA_NAME_MAX = 100;
export const QA_QUESTION_MAX = 500;
export const QA_ANSWER_MAX = 5_000;
export const QA_REPLY_MAX = 2_000;
/** An uploaded QA document is at most this big (the engine reads up to 20 MB; the product keeps it small). */
export const QA_DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
export const QA_SYNONYM_GROUPS_MAX = 500;
export const QA_ANALYTICS_PERIODS = [7, 30, 90] as const;

const text = (max: number) =>
  z
    .string({ error: 'validation.invalid' })
    .trim()
    .min(1, { error: 'validation.invalid' })
    .max(max, { error: 'validation.invalid' });

export const qaThresholdSchema = z.number({ error: 'validation.invalid' }).min(0.05, { error: 'validation.invalid' }).max(0.99, { error: 'validation.invalid' });

/**
 * Public answers a bot may charge to its owner per UTC day (docs/qa-bot.md "Public spend"): past
 * it visitors are handed off and nothing is charged. null: no cap (the quota alone limits);
 * 0: no public answer is ever charged (every visitor is handed off).
 */
export const QA_PUBLIC_DAILY_CAP_DEFAULT = 100;
export const QA_PUBLIC_DAILY_CAP_MAX = 1_000_000;
export const qaPublicDailyCapSchema = z
  .number({ error: 'validation.invalid' })
  .int({ error: 'validation.invalid' })
  .min(0, { error: 'validation.invalid' })
  .max(QA_PUBLIC_DAILY_CAP_MAX, { error: 'validation.invalid' })
  .nullable();
/** A spike: today's charged public answers above this many times the previous 7 days' daily average... */
export const QA_SPIKE_FACTOR = 3;
/** ...and at least this many (a new or quiet bot's first busy day is not an alarm). */
export const QA_SPIKE_FLOOR = 30;

export const qaBotCreateSchema = z.object({ name: text(QA_NAME_MAX), threshold: qaThresholdSchema.optional(), publicDailyCap: qaPublicDailyCapSchema.optional() });
export type QaBotCreate = z.infer<typeof qaBotCreateSchema>;

export const qaBotUpdateSchema = z
  .object({ name: text(QA_NAME_MAX).optional(), threshold: qaThresholdSchema.optional(), publicDailyCap: qaPublicDailyCapSchema.optional() })
  .refine((v) => v.name !== undefined || v.threshold !== undefined || v.publicDailyCap !== undefined, { error: 'validation.invalid', path: ['name'] });
export type QaBotUpdate = z.infer<typeof qaBotUpdateSchema>;

export const qaBotSchema = z.object({
  botId: z.string(),
  publicKey: z.string(),
  name: z.string(),
  threshold: z.number(),
  pairs: z.number().int(),
  publicDailyCap: z.number().int().nullable(),
  /** How many of the bot's distinct texts have sentence vectors; until ready = total, answers match by keywords alone. */
  semantic: z.object({ ready: z.number().int(), total: z.number().int() }).optional(),
  /**
   * The bot's calibration (made once its vectors are stored): the threshold it suggested, the
   * hand-off line, and at each threshold (0.05 steps) the share of its own reworded questions it
   * answers and the share of questions it answers wrongly (out-of-scope ones included).
   */
  calibration: z
    .object({
      suggested: z.number(),
      handoffBelow: z.number(),
      curve: z.array(z.object({ threshold: z.number(), answered: z.number(), wrong: z.number() })),
    })
    .optional(),
});
export type QaBot = z.infer<typeof qaBotSchema>;
export const qaBotListSchema = z.array(qaBotSchema);

export const qaBotParamSchema = z.object({ botId: z.string().min(1).max(40) });
export const qaPublicParamSchema = z.object({ publicKey: z.string().min(1).max(40) });
export const qaPairParamSchema = z.object({ botId: z.string().min(1).max(40), pairId: z.string().min(1).max(40) });
export const qaItemParamSchema = z.object({ botId: z.string().min(1).max(40), id: z.string().min(1).max(40) });

export const qaImportResultSchema = z.object({
  imported: z.number().int(),
  errors: z.array(z.object({ line: z.number().int(), reason: z.string() })),
});
export type QaImportResultBody = z.infer<typeof qaImportResultSchema>;

export const qaAskSchema = z.object({
  question: text(QA_QUESTION_MAX),
  email: z.email({ error: 'validation.emailInvalid' }).max(254).optional(),
});
export type QaAsk = z.infer<typeof qaAskSchema>;

const pairRefSchema = z.object({ pairId: z.string(), question: z.string() });

export const qaAnswerSchema = z.object({
  answered: z.boolean(),
  answer: z.string().optional(),
  confidence: z.number(),
  /** 'answer' | 'suggest' | 'handoff': what the bot decided (answered is decision === 'answer'). */
  decision: z.enum(['answer', 'suggest', 'handoff']),
  citations: z.array(pairRefSchema),
  suggestions: z.array(pairRefSchema),
  /** With a hand-off opened: its id and the visitor's secret token for reading the owner's reply. */
  handoff: z.object({ conversationId: z.string(), token: z.string().optional() }).optional(),
  /** True when the model reranked or rephrased (an LLM endpoint is configured and answered). */
  model: z.boolean().optional(),
});
export type QaAnswer = z.infer<typeof qaAnswerSchema>;

export const qaPairSchema = z.object({ pairId: z.string(), question: z.string(), alternatives: z.array(z.string()), answer: z.string() });
export type QaPairBody = z.infer<typeof qaPairSchema>;
export const qaPairListSchema = z.array(qaPairSchema);

export const qaPairWriteSchema = z.object({
  question: text(QA_QUESTION_MAX),
  alternatives: z.array(text(QA_QUESTION_MAX)).max(50, { error: 'validation.invalid' }),
  answer: text(QA_ANSWER_MAX),
});
export type QaPairWrite = z.infer<typeof qaPairWriteSchema>;

export const qaSynonymsSchema = z.object({
  groups: z.array(z.array(text(100)).min(2, { error: 'validation.invalid' }).max(20, { error: 'validation.invalid' })).max(QA_SYNONYM_GROUPS_MAX, { error: 'validation.invalid' }),
});
export type QaSynonyms = z.infer<typeof qaSynonymsSchema>;

export const qaSuggestionSchema = z.object({ id: z.string(), question: z.string(), count: z.number().int(), lastAt: z.string() });
export type QaSuggestion = z.infer<typeof qaSuggestionSchema>;
export const qaSuggestionListSchema = z.array(qaSuggestionSchema);

/** Accept a suggestion: as a new pair with the answer typed, or as another phrasing of an existing pair. */
export const qaSuggestionAcceptSchema = z.union([z.object({ answer: text(QA_ANSWER_MAX) }), z.object({ pairId: z.string().min(1).max(40) })]);
export type QaSuggestionAccept = z.infer<typeof qaSuggestionAcceptSchema>;

export const qaMessageSchema = z.object({ author: z.enum(['visitor', 'owner']), body: z.string(), at: z.string() });
export const qaHandoffSchema = z.object({
  conversationId: z.string(),
  question: z.string(),
  email: z.string().nullable(),
  status: z.enum(['open', 'replied']),
  createdAt: z.string(),
  updatedAt: z.string(),
  messages: z.array(qaMessageSchema),
});
export type QaHandoff = z.infer<typeof qaHandoffSchema>;
export const qaHandoffListSchema = z.array(qaHandoffSchema);
export const qaReplySchema = z.object({ body: text(QA_REPLY_MAX) });

/** The visitor reads their hand-off with its secret token (a POST, so no cookie is ever issued). */
export const qaPublicHandoffReadSchema = z.object({ conversationId: z.string().min(1).max(40), token: z.string().min(1).max(100) });
export const qaPublicHandoffSchema = z.object({ conversationId: z.string(), status: z.enum(['open', 'replied']), messages: z.array(qaMessageSchema) });
export type QaPublicHandoff = z.infer<typeof qaPublicHandoffSchema>;

/** Today's (UTC) public spend of a bot, what its owner is told in the analytics. */
export const qaSpendSchema = z.object({
  day: z.string(),
  /** Public answers charged to the owner today. */
  charged: z.number().int(),
  /** Answerable questions handed off instead because the daily cap was reached. */
  capped: z.number().int(),
  /** Repeated questions answered from the visitor's recent answer, without charge. */
  cached: z.number().int(),
  cap: z.number().int().nullable(),
  capReached: z.boolean(),
  /** Charged answers per day over the previous 7 days (days without any count as 0). */
  previousAverage: z.number(),
  /** charged > QA_SPIKE_FACTOR × previousAverage and charged ≥ QA_SPIKE_FLOOR. */
  spike: z.boolean(),
});
export type QaSpend = z.infer<typeof qaSpendSchema>;

export const qaAnalyticsQuerySchema = z.object({ days: z.enum(['7', '30', '90']).default('30') });
export const qaAnalyticsSchema = z.object({
  days: z.number().int(),
  questions: z.number().int(),
  answered: z.number().int(),
  suggested: z.number().int(),
  handedOff: z.number().int(),
  /** answered / questions of the period (0 with no question), measured on public questions only. */
  deflectionRate: z.number(),
  perDay: z.array(z.object({ day: z.string(), questions: z.number().int(), answered: z.number().int(), suggested: z.number().int(), handedOff: z.number().int() })),
  spend: qaSpendSchema,
});
export type QaAnalytics = z.infer<typeof qaAnalyticsSchema>;

export const qaQuestionLogSchema = z.array(
  z.object({ id: z.string(), question: z.string(), decision: z.enum(['answer', 'suggest', 'handoff']), confidence: z.number(), pairId: z.string().nullable(), at: z.string() }),
);
export type QaQuestionLog = z.infer<typeof qaQuestionLogSchema>;
