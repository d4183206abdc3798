import { z } from 'zod';

/** Every API answer: `{code, msg, data}`; code 200 is success. */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data });
}

/** `data` of a 40001 answer: field path → message key (see `locales/<lang>/validation.json`). */
export const fieldErrorsSchema = z.record(z.string(), z.string());
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;
