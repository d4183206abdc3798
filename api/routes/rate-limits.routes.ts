import { byAddress, byNetwork, byUser, rateLimit, type MakeLimiter } from '../http/rate-limit.js';
import type { Router } from '../http/openapi.js';
import type { RateLimits } from '../http/rate-limit-rules.js';

/**
 * Which route is limited by what, in one list. Registered before the routes themselves (and after
 * the session and XSRF middleware, so a forged request costs nothing and `byUser` knows the user).
 */
export function registerRateLimits(app: Router, make: MakeLimiter, rules: RateLimits): void {
  app.post('/user/register', rateLimit([make('register-ip', rules.registerPerAddress), byAddress], [make('register-net', rules.registerPerNetwork), byNetwork]));
  app.get('/account/check', rateLimit([make('account-check-ip', rules.accountCheckPerAddress), byAddress]));
  app.get('/user/verify', rateLimit([make('verify-ip', rules.verifyPerAddress), byAddress]));
  app.post('/user/verify/resend', rateLimit([make('verify-mail-user', rules.verifyMailPerUser), byUser]));
  app.post('/document/submit', rateLimit([make('upload-user', rules.uploadPerUser), byUser]));
  app.post('/document/convert', rateLimit([make('convert-user', rules.convertPerUser), byUser], [make('convert-ip', rules.convertPerAddress), byAddress]));
  app.post('/order/create', rateLimit([make('order-user', rules.orderPerUser), byUser]));
  app.post('/payment/create', rateLimit([make('payment-user', rules.paymentPerUser), byUser]));
  app.post('/contactus/feedback', rateLimit([make('feedback-user', rules.feedbackPerUser), byUser]));
  app.post('/ai/read/url', rateLimit([make('read-url-user', rules.readUrlPerUser), byUser]));
  // Adding a feed fetches it on the server like reading a page does: the same per-user budget.
  app.post('/video/url/add', rateLimit([make('video-feed-add-user', rules.readUrlPerUser), byUser]));
  app.post('/ai/translate', rateLimit([make('translate-user', rules.translatePerUser), byUser]));
  app.post('/ai/qa/bots/:botId/documents', rateLimit([make('qa-import-user', rules.qaImportPerUser), byUser]));
  app.post(
    '/ai/qa/public/:publicKey/*',
    rateLimit(
      [make('qa-ask-ip', rules.qaAskPerAddress), byAddress],
      [make('qa-ask-net', rules.qaAskPerNetwork), byNetwork],
      [make('qa-ask-bot', rules.qaAskPerBot), (c) => `bot:${c.req.param('publicKey') ?? ''}`],
    ),
  );
}
