import { ErrorCode } from '@contracts/error-codes.js';
import {
  ADMIN_USER_LATEST,
  USAGE_WINDOW_DAYS,
  type AdminGrantRequest,
  type AdminUser,
  type AdminUserDetail,
  type AdminUserPage,
  type AdminUserQuery,
  type DisableRefusal,
} from '@contracts/admin/users.js';
import { transaction, type Db, type Dialect } from '../db/index.js';
import { AppError } from '../http/app-error.js';
import {
  allProducts,
  conversionCountsSince,
  latestConversionsOfUser,
  latestOrdersOfUser,
  quotaItemsOfUser,
  searchUsers,
} from '../repositories/admin-users.repository.js';
import { deleteUserSessions } from '../repositories/sessions.repository.js';
import { enabledManagerIds, findUserById, setUserDisabled, type UserRow } from '../repositories/users.repository.js';
import { recordAudit, type AuditActor } from './audit.service.js';
import { grantStaffItem } from './quota.service.js';
import type { SessionService } from './session.service.js';

/** The detail lists at most this many quota items (newest validity first). */
const QUOTA_ITEMS_LIMIT = 200;
const DAY_MS = 86_400_000;

type Lang = 'en' | 'zh';

const iso = (ms: number) => new Date(ms).toISOString();
const userNotFound = () => new AppError(ErrorCode.NOT_FOUND, 'No such user');
const refused = (reason: DisableRefusal, message: string) => new AppError(ErrorCode.FORBIDDEN, message, { reason });

export function toAdminUser(u: UserRow): AdminUser {
  return {
    id: u.id,
    userId: u.user_id,
    email: u.email,
    name: u.name,
    mgr: Boolean(u.mgr),
    google: Boolean(u.google),
    disabled: u.disabled_at !== null,
    disabledAt: u.disabled_at === null ? null : iso(u.disabled_at),
    createTime: iso(u.created_at),
  };
}

export interface AdminUsersDeps {
  db: Db;
  dialect: Dialect;
  now: () => number;
  /** `forgetUser` once an account is disabled, so no cached session outlives it. */
  sessions: SessionService;
}

/**
 * Accounts for staff: search, one account's quotas, orders and usage, hand-made quota grants, and
 * disabling (its sessions end at once, sign-in is refused with 40304) or enabling an account.
 * Every change is audited (`user.grant|disable|enable`) in its own transaction.
 */
export function createAdminUsersService({ db, dialect, now, sessions }: AdminUsersDeps) {
  async function mustFind(id: string): Promise<UserRow> {
    const user = await findUserById(db, id);
    if (!user) throw userNotFound();
    return user;
  }

  /** The account with its quota items, latest orders and conversions, and conversions per type over the last 30 days. */
  async function detail(id: string, lang: Lang): Promise<AdminUserDetail> {
    const user = await mustFind(id);
    const t = now();
    const [quotas, orders, recent, byType, products] = await Promise.all([
      quotaItemsOfUser(db, id, QUOTA_ITEMS_LIMIT),
      latestOrdersOfUser(db, id, ADMIN_USER_LATEST),
      latestConversionsOfUser(db, id, ADMIN_USER_LATEST),
      conversionCountsSince(db, id, t - USAGE_WINDOW_DAYS * DAY_MS),
      allProducts(db),
    ]);
    const zh = lang === 'zh';
    return {
      user: toAdminUser(user),
      quotas: quotas.map((q) => ({
        grantId: q.grant_id,
        productId: q.product_id,
        productName: zh ? q.product_name_zh : q.product_name,
        quotaType: q.quota_type,
        quota: Number(q.quota),
        availQuota: Number(q.avail_quota),
        validDate: iso(q.valid_date),
        live: q.valid_date > t,
        bundleId: q.bundle_id,
        bundleName: zh ? q.bundle_name_zh : q.bundle_name,
        source: q.source,
      })),
      orders: orders.map((o) => ({
        orderId: o.id,
        bundleId: o.bundle_id,
        bundleName: zh ? o.bundle_name_zh : o.bundle_name,
        orderAmount: o.amount,
        currency: o.currency,
        status: o.status,
        gmtCreate: iso(o.created_at),
        paidAt: o.paid_at === null ? null : iso(o.paid_at),
      })),
      usage: {
        recent: recent.map((c) => ({
          documentId: c.id,
          convertType: c.convert_type,
          engine: c.engine,
          status: c.status,
          fileCount: c.file_count,
          totalBytes: Number(c.total_bytes),
          units: c.units,
          refunded: c.refunded === 1,
          gmtCreate: iso(c.created_at),
        })),
        byType,
      },
      products: products.map((p) => ({ productId: p.id, productName: zh ? p.name_zh : p.name })),
    };
  }

  return {
    async search(q: AdminUserQuery): Promise<AdminUserPage> {
      const { rows, total } = await searchUsers(db, q.q ? q.q.toLowerCase() : undefined, { offset: (q.page - 1) * q.pageSize, limit: q.pageSize });
      return { list: rows.map(toAdminUser), total };
    },

    detail,

    /** One quota item by hand (40001 `productId` for an unknown product), audited `user.grant`. */
    async grant(actor: AuditActor, id: string, body: AdminGrantRequest, lang: Lang): Promise<AdminUserDetail> {
      const user = await mustFind(id);
      const products = await allProducts(db);
      if (!products.some((p) => p.id === body.productId)) {
        throw new AppError(ErrorCode.VALIDATION_FAILED, 'Unknown product', { productId: 'validation.grantProductUnknown' });
      }
      const t = now();
      await transaction(db, async (tx) => {
        const { grantId, validDate } = await grantStaffItem(tx, user.id, body, t);
        await recordAudit(
          tx,
          actor,
          { action: 'user.grant', targetType: 'user', targetId: user.id, before: null, after: { userId: user.user_id, grantId, ...body, validDate: iso(validDate) } },
          t,
        );
      });
      return detail(id, lang);
    },

    /**
     * Disables the account: its sessions are deleted in the same transaction and dropped from the
     * session cache after it, so its next request is signed out (40202). A manager cannot disable
     * their own account, nor the last enabled manager (40301 with `reason`). Already disabled: unchanged.
     */
    async disable(actor: AuditActor, id: string): Promise<AdminUser> {
      const user = await mustFind(id);
      if (user.id === actor.id) throw refused('self', 'You cannot disable your own account');
      const t = now();
      await transaction(db, async (tx) => {
        if (user.mgr === 1) {
          const managers = await enabledManagerIds(tx, dialect === 'postgres');
          if (!managers.some((m) => m !== user.id)) throw refused('lastManager', 'The last enabled manager cannot be disabled');
        }
        if (!(await setUserDisabled(tx, user.id, t, t))) return;
        const sessionsEnded = await deleteUserSessions(tx, user.id);
        await recordAudit(tx, actor, { action: 'user.disable', targetType: 'user', targetId: user.id, before: { userId: user.user_id, disabled: false }, after: { userId: user.user_id, disabled: true, sessionsEnded } }, t);
      });
      sessions.forgetUser(user.id);
      return toAdminUser(await mustFind(id));
    },

    /** Enables a disabled account (audited `user.enable`); it signs in again as before. Not disabled: unchanged. */
    async enable(actor: AuditActor, id: string): Promise<AdminUser> {
      const user = await mustFind(id);
      const t = now();
      await transaction(db, async (tx) => {
        if (!(await setUserDisabled(tx, user.id, null, t))) return;
        await recordAudit(tx, actor, { action: 'user.enable', targetType: 'user', targetId: user.id, before: { userId: user.user_id, disabled: true }, after: { userId: user.user_id, disabled: false } }, t);
      });
      sessions.forgetUser(user.id);
      return toAdminUser(await mustFind(id));
    },
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
