import { createRoute } from '@hono/zod-openapi';
import { cancelMembershipRequestSchema, membershipInfoSchema, sandboxClockRequestSchema, sandboxClockSchema } from '@contracts/memberships.js';
import { jsonBody, okResponse, type Router } from '../http/openapi.js';
import { ok } from '../http/respond.js';
import type { MembershipService } from '../services/membership.service.js';
import { requireUser } from './user.routes.js';

const tags = ['Memberships'];

export function registerMembershipRoutes(app: Router, memberships: MembershipService): void {
  app.openapi(
    createRoute({
      method: 'post',
      path: '/membership/cancel',
      tags,
      request: jsonBody(cancelMembershipRequestSchema),
      responses: okResponse(membershipInfoSchema, 'The membership, now cancelling: it does not renew and keeps its quota until the period ends. 40404 unless it is yours; 40902 once ended; 50201 (HTTP 502) when the provider failed'),
    }),
    async (c) => ok(c, await memberships.cancel(requireUser(c).id, c.req.valid('json').subscriptionId, c.get('log'))),
  );
}

/**
 * The sandbox provider's clock, for tests and development: mounted only with the sandbox provider
 * outside production (api/app.ts). Registered before `/payment/sandbox/{paymentId}` so that
 * `clock` is not read as a payment id.
 */
export function registerSandboxClockRoutes(app: Router, memberships: MembershipService): void {
  app.openapi(
    createRoute({ method: 'get', path: '/payment/sandbox/clock', tags, responses: okResponse(sandboxClockSchema, 'The sandbox clock (signed-in users; not in production)') }),
    async (c) => {
      requireUser(c);
      return ok(c, memberships.sandboxNow());
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/payment/sandbox/clock',
      tags,
      request: jsonBody(sandboxClockRequestSchema),
      responses: okResponse(sandboxClockSchema, 'Moves the sandbox clock forward and runs the renewals that fall due: how many renewed, failed (failRenewals) or ended'),
    }),
    async (c) => {
      requireUser(c);
      return ok(c, await memberships.advanceSandboxClock(c.req.valid('json'), c.get('log')));
    },
  );
}
