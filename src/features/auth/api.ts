import type { LoginRequest, RegisterAnswer, RegisterRequest, UserInfo } from '@contracts/user';
import { apiGet, apiPost } from '../../lib/api-client';
import { ErrorCode } from '@contracts/error-codes';

/** Codes the login and register forms show inline instead of as a toast. */
export const FORM_CODES = [ErrorCode.VALIDATION_FAILED, ErrorCode.BAD_CREDENTIALS, ErrorCode.TOO_MANY_ATTEMPTS, ErrorCode.USER_TAKEN] as const;

export const login = (body: LoginRequest) => apiPost<UserInfo>('/user/login', body, { quiet: FORM_CODES, exempt: true });

/** With SMTP configured the answer says `emailVerificationPending`: the trial comes with the mailed link. */
export const register = (body: RegisterRequest) => apiPost<RegisterAnswer>('/user/register', body, { quiet: FORM_CODES, exempt: true });

/** Mails a new verification link to the signed-in user; `pending: false` when the address is already verified. */
export const resendVerification = () => apiPost<{ pending: boolean }>('/user/verify/resend');

export const checkAccount = (userId: string) =>
  apiGet<{ available: boolean }>('/account/check', { query: { userId }, quiet: true, exempt: true });

/** Asks for a login-log id (a signed-out probe answers 40202 {logId}); returns the user if signed in. */
export const probeSession = () => apiGet<UserInfo>('/userInfo', { quiet: true, exempt: true });
