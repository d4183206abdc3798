import { z } from 'zod';

/** Compare takes its two files in order (older, newer) and no options yet. */
export const compareOptionsSchema = z.object({}).strict();
