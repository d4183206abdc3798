import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { ErrorCode } from '@contracts/error-codes.js';
import { verifyResultSchema } from '@contracts/user.js';
import { AppError } from '../http/app-error.js';
import { okResponse, type Router } from '../http/openapi.js';
import { publicBase } from '../http/public-url.js';
import { ok } from '../http/respond.js';
import { VERIFY_PAGE, type EmailVerificationService } from '../services/email-verification.service.js';
import { requestLang } from '../http/request-lang.js';
import { requireUser } from './user.routes.js';

const tags = ['Accounts'];

/**
 * The mailed link and asking for another. Without SMTP there is nothing to verify: the link
 * redirects to `invalid` and resending answers 40404.
 */
export function registerEmailVerificationRoutes(app: Router, verification: EmailVerificationService | null, publicUrl: string | undefined): void {
  // A plain GET because it is opened from a mail client; it changes state only through the
  // single-use token, and answers with a redirect to the SPA page that explains the result.
  app.get('/user/verify', async (c) => {
    const token = c.req.query('token') ?? '';
    const result = verification && token.length > 0 && token.length <= 128 ? await verification.verify(token) : 'invalid';
    const page = `${VERIFY_PAGE}?result=${result}`;
    return c.redirect(publicUrl ? new URL(page, publicUrl).toString() : page, 302);
  });
  app.openAPIRegistry.registerPath({
    method: 'get',
    path: '/user/verify',
    tags,
    description: 'Opened from the verification mail: verifies the address, grants the free trial (once per mailbox) and redirects to /verify-email?result=ok|done|expired|invalid.',
    request: { query: z.object({ token: z.string() }) },
    responses: { 302: { description: `Redirect to ${VERIFY_PAGE}?result=${verifyResultSchema.options.join('|')}` } },
  });

  app.openapi(
    createRoute({
      method: 'post',
      path: '/user/verify/resend',
      tags,
      responses: okResponse(z.object({ pending: z.boolean() }), 'Mails a new link while the address is unverified; `pending: false` when it already is. 40404 without SMTP'),
    }),
    async (c) => {
      const user = requireUser(c);
      if (!verification) throw new AppError(ErrorCode.NOT_FOUND, 'E-mail verification is not enabled');
      if (!verification.pending(user)) return ok(c, { pending: false });
      await verification.send(user, publicBase(c, publicUrl), requestLang(c));
      return ok(c, { pending: true });
    },
  );
}
