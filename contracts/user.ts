import { z } from 'zod';

/**
 * Account schemas shared by the forms and the API. Messages are i18n keys under
 * `validation.*`, so both sides show the same localised text for the same rule.
 */
export const USER_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{2,31}$/;
export const PASSWORD_MIN_LENGTH = 8;

export const userIdSchema = z
  .string({ error: 'validation.userIdRequired' })
  .trim()
  .min(1, { error: 'validation.userIdRequired' })
  .regex(USER_ID_PATTERN, { error: 'validation.userIdFormat' });

export const passwordSchema = z
  .string({ error: 'validation.passwordRequired' })
  .min(1, { error: 'validation.passwordRequired' })
  .max(128, { error: 'validation.passwordTooLong' })
  .refine((p) => p.length >= PASSWORD_MIN_LENGTH && /\d/.test(p) && /[a-z]/.test(p) && /[A-Z]/.test(p), {
    error: 'validation.passwordRule',
  });

export const emailSchema = z
  .string({ error: 'validation.emailRequired' })
  .trim()
  .min(1, { error: 'validation.emailRequired' })
  .max(254, { error: 'validation.emailInvalid' })
  .pipe(z.email({ error: 'validation.emailInvalid' }));

export const genderSchema = z.enum(['male', 'female'], { error: 'validation.genderInvalid' });

/** yyyy-mm-dd, not in the future. */
export const birthdaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.birthdayInvalid' })
  .refine((d) => !Number.isNaN(Date.parse(d)) && Date.parse(d) <= Date.now(), {
    error: 'validation.birthdayInvalid',
  });

export const nameSchema = z.string().trim().max(64, { error: 'validation.nameTooLong' });
export const phoneSchema = z
  .string()
  .trim()
  .regex(/^[+\d][\d\s-]{4,24}$/, { error: 'validation.phoneInvalid' });

export const registerRequestSchema = z.object({
  userId: userIdSchema,
  password: passwordSchema,
  email: emailSchema,
  name: nameSchema.optional(),
  agree: z.literal(true, { error: 'validation.agreeRequired' }),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const loginRequestSchema = z.object({
  /** A user id or an e-mail address. */
  userId: z.string({ error: 'validation.userIdRequired' }).trim().min(1, { error: 'validation.userIdRequired' }).max(254),
  password: z.string({ error: 'validation.passwordRequired' }).min(1, { error: 'validation.passwordRequired' }).max(128),
  /** The login-log id the browser got from a 40202 answer, kept for the audit trail. */
  logId: z.string().max(64).optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const updateUserRequestSchema = z
  .object({
    name: nameSchema.optional(),
    phone: z.union([phoneSchema, z.literal('')]).optional(),
    gender: genderSchema.nullable().optional(),
    birthday: z.union([birthdaySchema, z.literal('')]).optional(),
    email: emailSchema.optional(),
    oldPwd: z.string().max(128).optional(),
    pwd: passwordSchema.optional(),
  })
  .refine((v) => v.pwd === undefined || (v.oldPwd !== undefined && v.oldPwd.length > 0), {
    error: 'validation.oldPasswordRequired',
    path: ['oldPwd'],
  });
export type UpdateUserRequest = z.infer<typeof updateUserRequestSchema>;

export const accountCheckQuerySchema = z.object({ userId: userIdSchema });

export const userInfoSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  phone: z.string(),
  gender: genderSchema.nullable(),
  birthday: z.string(),
  mgr: z.boolean(),
  google: z.boolean(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** POST /user/register's answer: with SMTP configured, `emailVerificationPending` (the trial waits for the mailed link). */
export const registerAnswerSchema = userInfoSchema.extend({ emailVerificationPending: z.boolean().optional() });
export type RegisterAnswer = z.infer<typeof registerAnswerSchema>;

/** Where GET /user/verify sends the browser: `/verify-email?result=…`. */
export const verifyResultSchema = z.enum(['ok', 'done', 'expired', 'invalid']);
export type VerifyResult = z.infer<typeof verifyResultSchema>;

export const notLoggedInDataSchema = z.object({ logId: z.string() });
