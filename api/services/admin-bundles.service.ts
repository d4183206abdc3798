import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import {
  BILLING_CURRENCIES,
  BUNDLE_DURATIONS,
  CATALOGUE_CONVERT_TYPES,
  PERIOD_DURATION,
  type AdminBundle,
  type AdminBundlePage,
  type AdminBundleQuery,
  type BundleOptions,
  type CreateBundleRequest,
  type UpdateBundleRequest,
} from '@contracts/admin/bundles.js';
import type { FieldErrors } from '@contracts/envelope.js';
import { ErrorCode } from '@contracts/error-codes.js';
import { BUNDLE_KINDS, MEMBERSHIP_PERIOD_MONTHS, type MembershipPeriodMonths } from '@contracts/memberships.js';
import { QUOTA_TYPES } from '@contracts/quota.js';
import { transaction, type Db, type DbOrTx } from '../db/index.js';
import type { BundlesTable } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import { adminQuotasOfBundles, findBundle, holdersOfBundles, listProducts, otherTrialBundle, pageAdminBundles } from '../repositories/admin-bundles.repository.js';
import { convertTypesOfBundles, deleteBundle, insertBundle, setBundleConvertTypes, setBundleQuotas, updateBundle } from '../repositories/bundles.repository.js';
import { recordAudit, type AuditActor } from './audit.service.js';
import type { BundleService } from './bundle.service.js';
import { STAFF_GRANT_BUNDLE } from './quota.service.js';

type BundleRow = Selectable<BundlesTable>;
/** Everything staff set on a bundle, as the service checks and stores it. */
type BundleFields = Omit<AdminBundle, 'id' | 'holders' | 'createTime' | 'updateTime' | 'quotas'> & { quotas: { productId: string; quotaType: AdminBundle['quotas'][number]['quotaType']; quota: number }[] };

const notFound = () => new AppError(ErrorCode.NOT_FOUND, 'No such bundle');
const invalid = (data: FieldErrors) => new AppError(ErrorCode.VALIDATION_FAILED, 'Validation failed', data);

/** A unique index said no (PostgreSQL 23505, SQLite's constraint codes): a concurrent write got there first. */
function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** What a bundle row and its items say, as the admin API shows it (holders filled by the caller). */
async function loadBundles(db: DbOrTx, rows: readonly BundleRow[]): Promise<AdminBundle[]> {
  const ids = rows.map((r) => r.id);
  const [quotas, types, holders] = await Promise.all([adminQuotasOfBundles(db, ids), convertTypesOfBundles(db, ids), holdersOfBundles(db, ids)]);
  return rows.map((b) => ({
    id: b.id,
    name: b.name,
    nameZh: b.name_zh,
    desc: b.desc,
    descZh: b.desc_zh,
    bundleIcon: b.bundle_icon,
    price: b.price,
    currency: b.currency,
    kind: b.kind,
    duration: b.duration as AdminBundle['duration'],
    periodMonths: b.period_months,
    trial: b.trial === 1,
    batch: b.batch === 1,
    published: b.published === 1,
    sortOrder: b.sort_order,
    quotas: quotas
      .filter((q) => q.bundle_id === b.id)
      .map((q) => ({ productId: q.product_id, productName: q.name, productNameZh: q.name_zh, quotaType: q.quota_type, quota: q.quota })),
    convertTypes: types.filter((t) => t.bundle_id === b.id).map((t) => t.convert_type),
    holders: holders.get(b.id) ?? { grants: 0, orders: 0, subscriptions: 0 },
    createTime: new Date(b.created_at).toISOString(),
    updateTime: new Date(b.updated_at).toISOString(),
  }));
}

/** The record as the audit log keeps it: what staff set, without counts and times. */
function auditRecord(b: AdminBundle) {
  const { holders: _holders, createTime: _c, updateTime: _u, ...rest } = b;
  return { ...rest, quotas: rest.quotas.map(({ productId, quotaType, quota }) => ({ productId, quotaType, quota })) };
}

function fieldsOf(b: AdminBundle): BundleFields {
  return { ...auditRecord(b) };
}

/** A pack has no period; a membership lasts its period (its duration follows from it). */
function normalized(f: BundleFields): BundleFields {
  if (f.kind === 'pack') return { ...f, periodMonths: null };
  const months = f.periodMonths as MembershipPeriodMonths | null;
  return months ? { ...f, duration: PERIOD_DURATION[months] } : f;
}

/** The cross-field rules (docs/admin-billing.md), as 40001 field → message key. */
async function ruleErrors(db: DbOrTx, f: BundleFields, selfId: string | null, locked: { kind: string; periodMonths: number | null } | null): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  if (f.kind === 'membership' && !f.periodMonths) errors.periodMonths = 'adminBilling.validation.periodRequired';
  if (f.trial && f.kind === 'membership') errors.trial = 'adminBilling.validation.trialMembership';
  if (locked && (locked.kind !== f.kind || (f.kind === 'membership' && locked.periodMonths !== f.periodMonths))) {
    errors[locked.kind !== f.kind ? 'kind' : 'periodMonths'] = 'adminBilling.validation.kindLocked';
  }
  const products = new Set((await listProducts(db)).map((p) => p.id));
  const seen = new Set<string>();
  f.quotas.forEach((q, i) => {
    if (!products.has(q.productId)) errors[`quotas.${i}.productId`] = 'adminBilling.validation.unknownProduct';
    const key = `${q.productId}\u0000${q.quotaType}`;
    if (seen.has(key)) errors[`quotas.${i}.quotaType`] = 'adminBilling.validation.duplicateQuota';
    seen.add(key);
  });
  if (f.trial && !errors.trial && (await otherTrialBundle(db, selfId))) errors.trial = 'adminBilling.validation.trialTaken';
  return errors;
}

function toRow(f: BundleFields) {
  return {
    name: f.name,
    name_zh: f.nameZh,
    desc: f.desc,
    desc_zh: f.descZh,
    bundle_icon: f.bundleIcon,
    price: f.price,
    currency: f.currency,
    kind: f.kind,
    duration: f.duration,
    period_months: f.periodMonths,
    trial: f.trial ? 1 : 0,
    batch: f.batch ? 1 : 0,
    published: f.published ? 1 : 0,
    sort_order: f.sortOrder,
  };
}

async function writeItems(tx: DbOrTx, id: string, f: BundleFields): Promise<void> {
  await setBundleQuotas(tx, id, f.quotas.map((q) => ({ product_id: q.productId, quota_type: q.quotaType, quota: q.quota })));
  await setBundleConvertTypes(tx, id, f.convertTypes);
}

export interface AdminBundleServiceDeps {
  db: Db;
  now: () => number;
  /** The published bundles' read cache: invalidated after every change so /bundle/list and /pricing show it at once. */
  bundles: Pick<BundleService, 'invalidate'>;
}

/**
 * Publishing bundles: create, edit, publish, unpublish and delete, each with its audit entry in
 * the change's transaction; the public bundle list is re-read right after. A bundle users hold
 * (grants, orders, memberships) is never deleted (40904): unpublish takes it off the pricing page.
 */
export function createAdminBundleService({ db, now, bundles }: AdminBundleServiceDeps) {
  async function one(tx: DbOrTx, id: string): Promise<AdminBundle> {
    // Support's hand grants hang on this internal bundle: published, it would be a free bundle on /pricing.
    if (id === STAFF_GRANT_BUNDLE) throw notFound();
    const row = await findBundle(tx, id);
    if (!row) throw notFound();
    return (await loadBundles(tx, [row]))[0]!;
  }

  /** Runs a change and its audit entry in one transaction, then lets readers see it. */
  async function change<T>(fn: (tx: DbOrTx) => Promise<T>, conflict: FieldErrors): Promise<T> {
    try {
      return await transaction(db, fn);
    } catch (err) {
      if (isUniqueViolation(err)) throw invalid(conflict);
      throw err;
    } finally {
      bundles.invalidate();
    }
  }

  async function setPublished(actor: AuditActor, id: string, published: boolean): Promise<AdminBundle> {
    return change(async (tx) => {
      const before = await one(tx, id);
      if (before.published === published) return before;
      const t = now();
      await updateBundle(tx, id, { published: published ? 1 : 0, updated_at: t });
      const after = await one(tx, id);
      await recordAudit(tx, actor, { action: published ? 'bundle.publish' : 'bundle.unpublish', targetType: 'bundle', targetId: id, before: { published: before.published }, after: { published } }, t);
      return after;
    }, {});
  }

  return {
    async list(q: AdminBundleQuery): Promise<AdminBundlePage> {
      const filter = {
        q: q.q || undefined,
        published: q.published === 'all' ? undefined : q.published === 'published',
        kind: q.kind === 'all' ? undefined : q.kind,
        hiddenIds: [STAFF_GRANT_BUNDLE],
      };
      const { rows, total } = await pageAdminBundles(db, filter, { offset: (q.page - 1) * q.pageSize, limit: q.pageSize });
      return { list: await loadBundles(db, rows), total };
    },

    async options(): Promise<BundleOptions> {
      const products = await listProducts(db);
      return {
        products: products.map((p) => ({ id: p.id, name: p.name, nameZh: p.name_zh })),
        convertTypes: [...CATALOGUE_CONVERT_TYPES],
        currencies: [...BILLING_CURRENCIES],
        durations: [...BUNDLE_DURATIONS],
        quotaTypes: [...QUOTA_TYPES],
        kinds: [...BUNDLE_KINDS],
        periodMonths: [...MEMBERSHIP_PERIOD_MONTHS],
      };
    },

    async create(actor: AuditActor, body: CreateBundleRequest): Promise<AdminBundle> {
      const { id: wanted, ...rest } = body;
      const id = wanted ?? `b-${randomUUID().slice(0, 8)}`;
      const fields = normalized({ ...rest, convertTypes: [...new Set(rest.convertTypes)] });
      return change(
        async (tx) => {
          const errors = await ruleErrors(tx, fields, id, null);
          if (await findBundle(tx, id)) errors.id = 'adminBilling.validation.idTaken';
          if (Object.keys(errors).length) throw invalid(errors);
          const t = now();
          await insertBundle(tx, { id, ...toRow(fields), created_at: t, updated_at: t });
          await writeItems(tx, id, fields);
          const after = await one(tx, id);
          await recordAudit(tx, actor, { action: 'bundle.create', targetType: 'bundle', targetId: id, before: null, after: auditRecord(after) }, t);
          return after;
        },
        { id: 'adminBilling.validation.idTaken', trial: 'adminBilling.validation.trialTaken' },
      );
    },

    /**
     * Changes any fields. Orders and memberships keep the amount they were made at (they store
     * it), so a new price applies to new orders only. A held bundle keeps its kind and period.
     */
    async update(actor: AuditActor, id: string, body: UpdateBundleRequest): Promise<AdminBundle> {
      return change(
        async (tx) => {
          const before = await one(tx, id);
          const patch = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as Partial<BundleFields>;
          const fields = normalized({ ...fieldsOf(before), ...patch, ...(patch.convertTypes ? { convertTypes: [...new Set(patch.convertTypes)] } : {}) });
          const held = before.holders.grants + before.holders.orders + before.holders.subscriptions > 0;
          const errors = await ruleErrors(tx, fields, id, held ? { kind: before.kind, periodMonths: before.periodMonths } : null);
          if (Object.keys(errors).length) throw invalid(errors);
          const t = now();
          await updateBundle(tx, id, { ...toRow(fields), updated_at: t });
          if (patch.quotas || patch.convertTypes) await writeItems(tx, id, fields);
          const after = await one(tx, id);
          await recordAudit(tx, actor, { action: 'bundle.update', targetType: 'bundle', targetId: id, before: auditRecord(before), after: auditRecord(after) }, t);
          return after;
        },
        { trial: 'adminBilling.validation.trialTaken' },
      );
    },

    publish: (actor: AuditActor, id: string) => setPublished(actor, id, true),
    unpublish: (actor: AuditActor, id: string) => setPublished(actor, id, false),

    /** Deletes a bundle nobody holds; 40904 with the counts otherwise. */
    async remove(actor: AuditActor, id: string): Promise<null> {
      return change(async (tx) => {
        const before = await one(tx, id);
        const { grants, orders, subscriptions } = before.holders;
        if (grants + orders + subscriptions > 0) throw new AppError(ErrorCode.BUNDLE_IN_USE, 'Users hold this bundle: unpublish it instead', before.holders);
        await deleteBundle(tx, id);
        await recordAudit(tx, actor, { action: 'bundle.delete', targetType: 'bundle', targetId: id, before: auditRecord(before), after: null }, now());
        return null;
      }, {});
    },
  };
}

export type AdminBundleService = ReturnType<typeof createAdminBundleService>;
