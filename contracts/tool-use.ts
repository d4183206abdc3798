import { z } from 'zod';
import { WRITING_TOOL_IDS } from './admin/writing-tools.js';

/**
 * Quota for operations that run on the visitor's device (video tools, AI image tools): the page
 * spends one use before it starts and gives it back when the operation fails or is cancelled,
 * the same trust, and the same daily refund budget, as a browser conversion's complete/fail call
 * (docs/api-additions.md, "Device-side refunds: one budget").
 */

/** How long after spending a use its owner may still give it back. */
export const TOOL_USE_REFUND_WINDOW_MS = 15 * 60 * 1000;

export const toolUseParamSchema = z.object({ toolId: z.enum(WRITING_TOOL_IDS, { error: 'validation.invalid' }) });
export const toolUseIdParamSchema = z.object({ useId: z.string().min(1).max(40) });

export const toolUseRequestSchema = z.object({
  /** What the use is for (a file name, an operation), kept for the user's and staff's records. */
  subject: z.string({ error: 'validation.invalid' }).trim().max(128, { error: 'validation.invalid' }).default(''),
});
export type ToolUseRequest = z.infer<typeof toolUseRequestSchema>;

export const toolUseResultSchema = z.object({ useId: z.string(), units: z.number().int() });
export type ToolUseResult = z.infer<typeof toolUseResultSchema>;
