import type { Logger } from 'pino';
import { ErrorCode } from '@contracts/error-codes.js';
import { nextPeriodEnd, type MembershipInfo, type SandboxClock as SandboxClockAnswer, type SandboxClockRequest } from '@contracts/memberships.js';
import { MembershipStatus } from '@contracts/statuses.js';
import type { Db } from '../db/index.js';
import { AppError } from '../http/app-error.js';
import type { PaymentProvider } from '../payments/provider.js';
import { isSandbox, type SandboxProvider, type SandboxSubscriptionEvent } from '../payments/sandbox-provider.js';
import { dueSubscriptions, findUserSubscription, updateSubscription, type SubscriptionRow } from '../repositories/subscriptions.repository.js';
import { toMembership } from './membership-info.js';
import type { PaymentService, WebhookOutcome } from './payment.service.js';

const DAY_MS = 86_400_000;
/** A sandbox membership left payment due this long after its period ended is ended (Stripe retries for about as long by default). */
export const SANDBOX_DUNNING_MS = 14 * DAY_MS;
/** Subscriptions handled per query while renewing. */
const BATCH = 100;
/** Outcomes of a sandbox event that changed something (counted). */
const PROGRESS = new Set<WebhookOutcome>(['period-granted', 'subscription-updated', 'payment-due']);
/** Outcomes after which the subscription's period or status has moved on. */
const MOVED_ON = new Set<WebhookOutcome>(['period-granted', 'subscription-updated']);

export interface RenewalCounts {
  renewed: number;
  failed: number;
  ended: number;
}

export interface MembershipServiceDeps {
  db: Db;
  provider: PaymentProvider;
  payments: PaymentService;
  now?: () => number;
}

/**
 * Memberships: cancel at period end for the owner, and the sandbox provider's renewals. Stripe
 * renews on its own and tells us through webhooks; the sandbox plays that part here: at its
 * clock, every subscription whose period is over is renewed (or ended, or fails when asked to)
 * by a signed event that goes through the same webhook handling as Stripe's (payment.service.ts).
 */
export function createMembershipService({ db, provider, payments, now = Date.now }: MembershipServiceDeps) {
  const sandbox = isSandbox(provider) ? provider : null;
  /** The provider's time: what its events' `at` are compared with. */
  const providerNow = () => (sandbox ? sandbox.clock.now() : now());

  /** The event the sandbox sends for one due subscription at clock time `at`; null when there is nothing to send. */
  function dueEvent(sub: SubscriptionRow, at: number, failRenewals: boolean): { event: SandboxSubscriptionEvent; kind: keyof RenewalCounts } | null {
    const end = sub.current_period_end!;
    const base = { subscriptionRef: sub.provider_subscription_id, orderId: sub.order_id, at };
    const endEvent = (endedAt: number): SandboxSubscriptionEvent => ({ ...base, id: `evt_sbx_end_${sub.id}_${end}`, type: 'subscription_state', state: 'ended', cancelAtPeriodEnd: sub.cancel_at_period_end === 1, endedAt });
    if (sub.cancel_at_period_end === 1) return { event: endEvent(end), kind: 'ended' };
    if (sub.status === MembershipStatus.PAYMENT_DUE && at - end >= SANDBOX_DUNNING_MS) return { event: endEvent(end + SANDBOX_DUNNING_MS), kind: 'ended' };
    const invoiceRef = `in_sbx_${sub.id}_${end}`;
    if (failRenewals) {
      if (sub.status === MembershipStatus.PAYMENT_DUE) return null;
      return { event: { ...base, id: `evt_sbx_fail_${sub.id}_${end}`, type: 'invoice_failed', invoiceRef, periodStart: end }, kind: 'failed' };
    }
    const periodEnd = nextPeriodEnd(sub.billing_anchor ?? sub.current_period_start ?? end, sub.period_months, end);
    return {
      event: { ...base, id: `evt_sbx_inv_${sub.id}_${end}`, type: 'invoice_paid', invoiceRef, periodStart: end, periodEnd, amount: sub.amount, currency: sub.currency },
      kind: 'renewed',
    };
  }

  /**
   * Sends the sandbox's events for everything due at its clock, period after period, until nothing
   * is due. Event ids are derived from the subscription and period, so two instances sweeping at
   * once (or a sweep meeting the clock route) apply each event once.
   */
  async function renewSandbox(sbx: SandboxProvider, failRenewals: boolean, log: Logger): Promise<RenewalCounts> {
    const counts: RenewalCounts = { renewed: 0, failed: 0, ended: 0 };
    /** Subscriptions this run could not move on (a failed renewal): not asked about again. */
    const stuck = new Set<string>();
    for (;;) {
      const at = sbx.clock.now();
      const due = (await dueSubscriptions(db, 'sandbox', at, BATCH + stuck.size)).filter((s) => !stuck.has(s.id));
      if (due.length === 0) return counts;
      for (const sub of due) {
        const next = dueEvent(sub, at, failRenewals);
        if (!next) {
          stuck.add(sub.id);
          continue;
        }
        const signed = sbx.signEvent(next.event);
        const outcome = await payments.handleWebhook(signed.rawBody, signed.headers, log);
        if (PROGRESS.has(outcome)) counts[next.kind] += 1;
        // Only a granted period or an ending moves the subscription on; anything else (a failure,
        // an event another instance already applied) waits for the next run, so this loop ends.
        if (next.kind === 'failed' || !MOVED_ON.has(outcome)) stuck.add(sub.id);
      }
    }
  }

  return {
    /**
     * The owner asks not to renew: the provider is told first (50201 when it fails, nothing
     * changed), then the membership is cancelling and keeps its quota until the period ends.
     * 40404 for anyone else's; 40902 once it has ended.
     */
    async cancel(userId: string, subscriptionId: string, log: Logger): Promise<MembershipInfo> {
      const sub = await findUserSubscription(db, subscriptionId, userId);
      if (!sub) throw new AppError(ErrorCode.NOT_FOUND, 'No such membership');
      if (sub.status === MembershipStatus.ENDED) throw new AppError(ErrorCode.ORDER_STATE, 'The membership has ended', { status: sub.status });
      if (sub.cancel_at_period_end === 1) return toMembership(sub);
      try {
        await provider.cancelAtPeriodEnd(sub.provider_subscription_id);
      } catch (err) {
        log.error({ err, subscriptionId: sub.id, provider: sub.provider }, 'payment provider failed to cancel a membership at period end');
        throw new AppError(ErrorCode.PAYMENT_FAILED, 'The payment provider failed; the membership still renews');
      }
      const at = Math.max(providerNow(), sub.state_at ?? 0);
      const status = sub.status === MembershipStatus.ACTIVE ? MembershipStatus.CANCELLING : sub.status;
      await updateSubscription(db, sub.id, { cancel_at_period_end: 1, status, state_at: at, updated_at: now() });
      log.info({ subscriptionId: sub.id, userId }, 'membership cancelled at period end');
      return toMembership({ ...sub, cancel_at_period_end: 1, status, state_at: at });
    },

    /** Renewals due now (the scheduled sweeps call this); only the sandbox has any, Stripe renews by itself. */
    async runDueRenewals(log: Logger): Promise<RenewalCounts> {
      return sandbox ? renewSandbox(sandbox, false, log) : { renewed: 0, failed: 0, ended: 0 };
    },

    /** Moves the sandbox clock forward and runs what falls due (tests and development only; see payment.routes.ts). */
    async advanceSandboxClock(req: SandboxClockRequest, log: Logger): Promise<SandboxClockAnswer> {
      if (!sandbox) throw new AppError(ErrorCode.NOT_FOUND, 'No sandbox provider');
      sandbox.clock.advance(req.advanceDays * DAY_MS);
      const counts = await renewSandbox(sandbox, req.failRenewals === true, log);
      return { now: new Date(sandbox.clock.now()).toISOString(), ...counts };
    },

    /** The sandbox clock's time. */
    sandboxNow(): SandboxClockAnswer {
      if (!sandbox) throw new AppError(ErrorCode.NOT_FOUND, 'No sandbox provider');
      return { now: new Date(sandbox.clock.now()).toISOString(), renewed: 0, failed: 0, ended: 0 };
    },
  };
}

export type MembershipService = ReturnType<typeof createMembershipService>;
