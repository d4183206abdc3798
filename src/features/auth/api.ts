import type { AuthProviders, GoogleLinkAnswer, GoogleLinkInfo, GoogleLinkRequest } from '@contracts/google-sign-in';
import type { LoginRequest, RegisterAnswer, RegisterRequest, UserInfo } from '@contracts/user';
import { apiGet, apiPost } from '../../lib/api-client';
import { ErrorCode } from '@contracts/error-codes';

/** Codes the login and register forms show inline instead of as a toast. */
export const FORM_CODES = [ErrorCode.VALIDATION_FAILED, ErrorCode.BAD_CREDENTIALS, ErrorCode.TOO_MANY_ATTEMPTS, ErrorCode.USER_TAKEN, ErrorCode.ACCOUNT_DISABLED] as const;

export const login = (body: LoginRequest) => apiPost<UserInfo>('/user/login', body, { quiet: FORM_CODES, exempt: true });

/** With SMTP configured the answer says `emailVerificationPending`: the trial comes with the mailed link. */
export const register = (body: RegisterRequest) => apiPost<RegisterAnswer>('/user/register', body, { quiet: FORM_CODES, exempt: true });

/** Mails a new verification link to the signed-in user; `pending: false` when the address is already verified. */
export const resendVerification = () => apiPost<{ pending: boolean }>('/user/verify/resend');

export const checkAccount = (userId: string) =>
  apiGet<{ available: boolean }>('/account/check', { query: { userId }, quiet: true, exempt: true });

/** Asks for a login-log id (a signed-out probe answers 40202 {logId}); returns the user if signed in. */
export const probeSession = () => apiGet<UserInfo>('/userInfo', { quiet: true, exempt: true });

/** Which outside sign-ins the server offers (the Google button shows only when configured). */
export const authProviders = () => apiGet<AuthProviders>('/auth/providers', { quiet: true, exempt: true });

/** The Google sign-in waiting for this browser to prove the existing account's password; 40404 when none. */
export const googleLinkInfo = () => apiGet<GoogleLinkInfo>('/auth/google/link', { quiet: true, exempt: true });

/** Links the pending Google sign-in to the account and signs in; 40101 wrong password, 40404 expired. */
export const linkGoogle = (body: GoogleLinkRequest) =>
  apiPost<GoogleLinkAnswer>('/auth/google/link', body, { quiet: [...FORM_CODES, ErrorCode.NOT_FOUND], exempt: true });
