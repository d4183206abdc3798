import type { Generated } from 'kysely';
import type { ConversionStatus, OrderStatus, PaymentStatus } from '@contracts/statuses.js';

/**
 * Table types shared by both dialects. Times are epoch milliseconds in `bigint` columns
 * (PostgreSQL's int8 is parsed to a number, see `api/db/index.ts`), flags are 0/1 integers, so
 * that rows read the same on SQLite and PostgreSQL.
 */
export interface UsersTable {
  id: string;
  user_id: string;
  /** Lower-cased user id: uniqueness and login are case-insensitive. */
  user_id_lower: string;
  email: string;
  email_lower: string;
  name: string;
  phone: string;
  gender: 'male' | 'female' | null;
  birthday: string;
  password_hash: string;
  mgr: number;
  google: number;
  created_at: number;
  updated_at: number;
  /** The mailbox the address reaches (see api/services/email-identity.ts): the free trial is once per value. Not unique. */
  email_normalized: string | null;
  /** When the address was verified through the mailed link (only asked for when SMTP is configured). */
  email_verified_at: number | null;
}

export interface SessionsTable {
  /** SHA-256 of the cookie token: a leaked table does not leak live sessions. */
  token_hash: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  ip: string;
  user_agent: string;
}

export interface LoginEventsTable {
  id: Generated<number>;
  /** Lower-cased identifier that was tried (user id or e-mail). */
  identifier: string;
  user_id: string | null;
  log_id: string | null;
  ip: string;
  /**
   * 0 failed, 1 succeeded, 2 checking (recorded before the password is checked and counted as a
   * failure until resolved, so parallel guesses see each other), 3 refused by the throttle (no check made; not counted).
   */
  success: 0 | 1 | 2 | 3;
  created_at: number;
}

export interface ProductsTable {
  id: string;
  name: string;
  name_zh: string;
  image_url: string;
  created_at: number;
}

export interface BundlesTable {
  id: string;
  name: string;
  name_zh: string;
  desc: string;
  desc_zh: string;
  bundle_icon: string;
  price: number;
  currency: string;
  duration: string;
  trial: number;
  published: number;
  batch: number;
  sort_order: number;
  created_at: number;
  updated_at: number;
}

export interface BundleQuotasTable {
  bundle_id: string;
  product_id: string;
  quota_type: QuotaType;
  quota: number;
}

export type { QuotaType } from '@contracts/quota.js';
import type { QuotaType } from '@contracts/quota.js';

export interface BundleGrantsTable {
  id: string;
  user_id: string;
  bundle_id: string;
  source: 'trial' | 'order' | 'admin';
  /** Order id for 'order', 'trial' for the trial: unique per user and source. */
  source_ref: string;
  granted_at: number;
  valid_date: number;
}

export interface UserQuotasTable {
  id: string;
  user_id: string;
  grant_id: string;
  product_id: string;
  quota_type: QuotaType;
  quota: number;
  avail_quota: number;
  /** 1 when the granting bundle allows batch conversion. */
  batch: number;
  valid_date: number;
  created_at: number;
}

export interface ConversionsTable {
  /** The documentId of the API. */
  id: string;
  user_id: string;
  convert_type: string;
  engine: 'browser' | 'server';
  /** See ConversionStatus (contracts/statuses.ts): uploaded (server conversions before POST /document/convert), converting, failed, succeeded. */
  status: ConversionStatus;
  input_json: string;
  output_json: string;
  file_count: number;
  total_bytes: number;
  /** The TYPE_API quota row that paid for it. */
  quota_id: string | null;
  units: number;
  refunded: number;
  failure_reason: string | null;
  created_at: number;
  updated_at: number;
  /** Files (uploads, results) are deleted and the record shown expired after this. */
  expires_at: number;
  /** 1 once the sweeper deleted the files. */
  files_purged: Generated<number>;
  /** Times a server job was started (a crash mid-job leaves it counted); see JOB_MAX_ATTEMPTS. */
  attempts: Generated<number>;
}

export interface ConversionFilesTable {
  /** The fileId of the API. */
  id: string;
  conversion_id: string;
  kind: 'input' | 'output';
  /** The user's file name (inputs) or the result's name; never used as a path. */
  name: string;
  size: number;
  /** Path under DATA_DIR/files: `{conversionId}/{random}.{ext}`. */
  storage_key: string;
  mime: string;
  created_at: number;
}

export interface ConvertFeaturesTable {
  id: string;
  /** JSON array of target extensions. */
  converts_json: string;
  enabled: number;
  sort_order: number;
}


export interface OrdersTable {
  /** The orderId of the API. */
  id: string;
  user_id: string;
  bundle_id: string;
  /** The bundle's names and price when the order was made. */
  bundle_name: string;
  bundle_name_zh: string;
  /** Cents. */
  amount: number;
  currency: string;
  status: OrderStatus;
  created_at: number;
  /** Payable until then; a 'paying' order past it is expired (lazily and by the sweeper). */
  expire_at: number;
  paid_at: number | null;
  /** Set when the user deleted the order from their list. */
  hidden_at: number | null;
  updated_at: number;
}

export type PaymentProviderName = 'sandbox' | 'stripe';

export interface PaymentsTable {
  id: string;
  order_id: string;
  provider: PaymentProviderName;
  /** The provider's checkout id; null until the provider answered. */
  provider_ref: string | null;
  status: PaymentStatus;
  pay_url: string | null;
  created_at: number;
  updated_at: number;
}

/** Webhook events already handled, per provider: replays are acknowledged and ignored. */
export interface PaymentEventsTable {
  provider: PaymentProviderName;
  event_id: string;
  received_at: number;
}

export interface AppMetaTable {
  key: string;
  value: string;
}

/** One row per mailbox that got the free trial. */
export interface TrialClaimsTable {
  email_normalized: string;
  user_id: string;
  claimed_at: number;
}

/** A mailed e-mail verification link; only its SHA-256 is stored. */
export interface EmailVerificationsTable {
  token_hash: string;
  user_id: string;
  /** The address the link was sent to: a later change of address makes the link void. */
  email: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** The log of every refund of conversion units. */
export interface RefundsTable {
  id: string;
  user_id: string;
  conversion_id: string;
  engine: 'browser' | 'server';
  quota_id: string;
  units: number;
  reason: string;
  created_at: number;
}

/** Browser refunds used per user and UTC day (`yyyy-mm-dd`). */
export interface RefundDaysTable {
  user_id: string;
  day: string;
  browser_refunds: Generated<number>;
}

/** Rate-limit counters (rate-limiter-flexible's layout): `expire` is epoch ms, null for never. */
export interface RateLimitsTable {
  key: string;
  points: number;
  expire: number | null;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  login_events: LoginEventsTable;
  products: ProductsTable;
  bundles: BundlesTable;
  bundle_quotas: BundleQuotasTable;
  bundle_grants: BundleGrantsTable;
  user_quotas: UserQuotasTable;
  conversions: ConversionsTable;
  convert_features: ConvertFeaturesTable;
  conversion_files: ConversionFilesTable;
  app_meta: AppMetaTable;
  orders: OrdersTable;
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
  trial_claims: TrialClaimsTable;
  email_verifications: EmailVerificationsTable;
  refunds: RefundsTable;
  refund_days: RefundDaysTable;
  rate_limits: RateLimitsTable;
}
