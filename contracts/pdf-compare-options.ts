import { z } from 'zod';

/**
 * Compare takes its two files in order (older, newer). The report's notes are written in the
 * page's language, so the page sends their labels; English when absent.
 */
export const compareOptionsSchema = z
  .object({
    labels: z
      .object({
        /** Before the words taken out where nothing replaced them: "Removed". */
        removed: z.string().trim().min(1).max(60),
        /** Before the older words on a replacement: "Was". */
        replaced: z.string().trim().min(1).max(60),
      })
      .strict()
      .optional(),
  })
  .strict();
