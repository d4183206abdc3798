import type { Generated } from 'kysely';
import type { ConversionStatus, MembershipStatus, OrderStatus, PaymentStatus } from '@contracts/statuses.js';
import type { BundleKind } from '@contracts/memberships.js';

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
  /** argon2id PHC string; for accounts made by Google sign-in an unusable marker (GOOGLE_ONLY_PASSWORD in api/services/auth.service.ts). */
  password_hash: string;
  mgr: number;
  /** 1 for accounts made by Google sign-in: they have no password of their own (linked accounts keep 0 and their password). */
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
  /** 'pack' (paid once) or 'membership' (renews every period_months); default 'pack'. */
  kind: Generated<BundleKind>;
  /** 1, 6 or 12 for a membership; null for a pack. */
  period_months: number | null;
}

export interface BundleQuotasTable {
  bundle_id: string;
  product_id: string;
  quota_type: QuotaType;
  quota: number;
}

/**
 * The conversion types (card keys, e.g. `pdf-to-word`) a bundle includes. A bundle with no rows
 * includes every type (see docs/package-gating.md).
 */
export interface BundleConvertTypesTable {
  bundle_id: string;
  convert_type: string;
}

export type { QuotaType } from '@contracts/quota.js';
import type { QuotaType } from '@contracts/quota.js';

export interface BundleGrantsTable {
  id: string;
  user_id: string;
  bundle_id: string;
  /** 'membership': one paid period of a subscription, source_ref `{subscriptionId}:{periodStart}`. */
  source: 'trial' | 'order' | 'admin' | 'membership';
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

/** A feedback conversation, opened by a user's first message. */
export interface FeedbackConversationsTable {
  /** The conversationId of the API. */
  id: string;
  user_id: string;
  subject: string;
  category: string;
  /** The latest e-mail address the user gave for it. */
  email: string;
  /** 'open' while the user wrote last, 'replied' once staff answered the latest message. */
  status: 'open' | 'replied';
  created_at: number;
  /** Time of the latest message. */
  updated_at: number;
}

/** One message of a conversation: the user's ('feedback') or staff's ('reply'). */
export interface FeedbackMessagesTable {
  id: string;
  conversation_id: string;
  type: 'feedback' | 'reply';
  /** users.id of the writer; no foreign key (a reply outlives its staff account). */
  author_id: string | null;
  /** The name shown for the writer: the user id for feedback, the staff display name for replies. */
  author_name: string;
  content: string;
  created_at: number;
}

/** Which account an outside identity (Google) signs in to; one row per (provider, subject). */
export interface UserIdentitiesTable {
  provider: 'google';
  /** The provider's stable user id (`sub`), never the e-mail. */
  subject: string;
  user_id: string;
  /** The provider's verified address when the identity was linked (informational). */
  email: string;
  created_at: number;
}

/** An OpenID sign-in on its way to the provider and back; deleted when used or expired. */
export interface OidcFlowsTable {
  /** SHA-256 of the `state` sent to the provider. */
  state_hash: string;
  /** SHA-256 of the cookie that binds the flow to the browser that started it. */
  binding_hash: string;
  provider: 'google';
  nonce: string;
  /** PKCE code verifier (only its S256 challenge went to the provider). */
  code_verifier: string;
  /** The exact redirect_uri of the authorization request, repeated at the token request. */
  redirect_uri: string;
  /** Same-site path the browser goes to after signing in. */
  return_to: string;
  created_at: number;
  expires_at: number;
}

/** An outside identity waiting for the password of the existing account with its e-mail. */
export interface OidcPendingLinksTable {
  /** SHA-256 of the cookie held by the browser that came back from the provider. */
  token_hash: string;
  /** The existing account whose password must be proven. */
  user_id: string;
  provider: 'google';
  subject: string;
  email: string;
  return_to: string;
  created_at: number;
  expires_at: number;
}

/** A membership bought through a provider (one per order); see docs/memberships.md. */
export interface SubscriptionsTable {
  /** The subscriptionId of the API. */
  id: string;
  user_id: string;
  bundle_id: string;
  /** The order that bought it. */
  order_id: string;
  provider: PaymentProviderName;
  provider_subscription_id: string;
  status: MembershipStatus;
  /** Cents per period: the price when bought. */
  amount: number;
  currency: string;
  period_months: number;
  /** Start of the first paid period; later periods are counted from it. */
  billing_anchor: number | null;
  /** The last paid period; null until the first is paid. */
  current_period_start: number | null;
  current_period_end: number | null;
  cancel_at_period_end: number;
  /** Provider time (epoch ms) of the newest event applied to the status. */
  state_at: number | null;
  ended_at: number | null;
  created_at: number;
  updated_at: number;
}

/** One paid period of a subscription: its key grants the period's quota exactly once. */
export interface SubscriptionPeriodsTable {
  subscription_id: string;
  period_start: number;
  period_end: number;
  invoice_ref: string;
  grant_id: string;
  created_at: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  login_events: LoginEventsTable;
  products: ProductsTable;
  bundles: BundlesTable;
  bundle_quotas: BundleQuotasTable;
  bundle_convert_types: BundleConvertTypesTable;
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
  subscriptions: SubscriptionsTable;
  subscription_periods: SubscriptionPeriodsTable;
  user_identities: UserIdentitiesTable;
  oidc_flows: OidcFlowsTable;
  oidc_pending_links: OidcPendingLinksTable;
  feedback_conversations: FeedbackConversationsTable;
  feedback_messages: FeedbackMessagesTable;
}
