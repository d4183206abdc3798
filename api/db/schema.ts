/**
 * The database as kysely sees it: one file per area under `schema/`, composed here.
 * Table types shared by both dialects. Times are epoch milliseconds in `bigint` columns
 * (PostgreSQL's int8 is parsed to a number, see `api/db/index.ts`), flags are 0/1 integers, so
 * that rows read the same on SQLite and PostgreSQL.
 */

import type { UsersTable, SessionsTable, LoginEventsTable, UserIdentitiesTable, OidcFlowsTable, OidcPendingLinksTable, EmailVerificationsTable } from './schema/accounts.js';
import type { ProductsTable, BundlesTable, BundleQuotasTable, BundleConvertTypesTable, ConvertFeaturesTable, AppMetaTable, ConvertToolsTable, WritingToolsTable } from './schema/catalogue.js';
import type { BundleGrantsTable, UserQuotasTable, TrialClaimsTable, RefundsTable, RefundDaysTable, RateLimitsTable, ToolUsesTable } from './schema/quota.js';
import type { ConversionsTable, ConversionFilesTable, JobLeasesTable } from './schema/conversions.js';
import type { OrdersTable, PaymentsTable, PaymentEventsTable, SubscriptionsTable, SubscriptionPeriodsTable } from './schema/orders.js';
import type { FeedbackConversationsTable, FeedbackMessagesTable } from './schema/feedback.js';
import type { AuditLogTable } from './schema/admin.js';
import type { TranslationsTable, TranslationPagesTable } from './schema/translations.js';
import type { QaBotsTable, QaPairsTable, QaQuestionsTable, QaSuggestionsTable, QaHandoffsTable, QaHandoffMessagesTable, QaSpendDaysTable, QaAnswerCacheTable, QaTextVectorsTable } from './schema/ai.js';
import type { AutomationFlowsTable, AutomationRunsTable, AutomationSchedulesTable, AutomationAllowHostsTable, AutomationCredentialsTable } from './schema/automation.js';
import type { VideoFeedsTable, VideoFeedItemsTable, VideoUserConfigsTable } from './schema/video.js';

export type * from './schema/accounts.js';
export type * from './schema/catalogue.js';
export type * from './schema/quota.js';
export type * from './schema/conversions.js';
export type * from './schema/orders.js';
export type * from './schema/feedback.js';
export type * from './schema/admin.js';
export type * from './schema/translations.js';
export type * from './schema/ai.js';
export type * from './schema/automation.js';
export type * from './schema/video.js';
export type { QuotaType } from '@contracts/quota.js';

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
  convert_tools: ConvertToolsTable;
  writing_tools: WritingToolsTable;
  conversion_files: ConversionFilesTable;
  job_leases: JobLeasesTable;
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
  audit_log: AuditLogTable;
  tool_uses: ToolUsesTable;
  translations: TranslationsTable;
  translation_pages: TranslationPagesTable;
  qa_bots: QaBotsTable;
  qa_pairs: QaPairsTable;
  qa_questions: QaQuestionsTable;
  qa_suggestions: QaSuggestionsTable;
  qa_handoffs: QaHandoffsTable;
  qa_handoff_messages: QaHandoffMessagesTable;
  qa_spend_days: QaSpendDaysTable;
  qa_answer_cache: QaAnswerCacheTable;
  qa_text_vectors: QaTextVectorsTable;
  automation_flows: AutomationFlowsTable;
  automation_runs: AutomationRunsTable;
  automation_schedules: AutomationSchedulesTable;
  automation_allow_hosts: AutomationAllowHostsTable;
  automation_credentials: AutomationCredentialsTable;
  video_feeds: VideoFeedsTable;
  video_feed_items: VideoFeedItemsTable;
  video_user_configs: VideoUserConfigsTable;
}
