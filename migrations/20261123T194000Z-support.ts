import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against whatever schema exists at that point, not today's typed one
type AnyDb = Kysely<any>;

/** The bundle every quota item granted by hand in the admin area hangs off: STAFF_GRANT_BUNDLE in api/services/quota.service.ts. */
const STAFF_GRANT_BUNDLE_ID = 'staff-grant';

/**
 * Admin support (issue 11): feedback conversations can be closed and remember what the user has
 * seen (the unread-reply badge); accounts can be disabled; quota items granted by hand need a
 * bundle to hang off, since every grant names one.
 */
export async function up(db: AnyDb, { bigint }: MigrationContext): Promise<void> {
  // Time of the latest staff reply, and how far the user has read: a reply is unread while
  // last_reply_at > coalesce(user_seen_at, 0). Both null until there is a reply or a read.
  await db.schema.alterTable('feedback_conversations').addColumn('last_reply_at', bigint).execute();
  await db.schema.alterTable('feedback_conversations').addColumn('user_seen_at', bigint).execute();
  // Replies written before this migration count as unread: the user may not have opened them yet.
  await sql`update feedback_conversations set last_reply_at = (select max(m.created_at) from feedback_messages m where m.conversation_id = feedback_conversations.id and m.type = 'reply')`.execute(db);
  // The admin list filters by category as well as status, newest activity first.
  await db.schema.createIndex('feedback_conversations_category_idx').on('feedback_conversations').columns(['category', 'updated_at']).execute();

  // When staff disabled the account (null: enabled). A disabled account cannot sign in and has no sessions.
  await db.schema.alterTable('users').addColumn('disabled_at', bigint).execute();

  const now = Date.now();
  await db
    .insertInto('bundles')
    .values({
      id: STAFF_GRANT_BUNDLE_ID,
      name: 'Granted by support',
      name_zh: '客服赠送',
      desc: 'Quota added to your account by our support team.',
      desc_zh: '客服人员为您的账号添加的额度。',
      bundle_icon: '',
      price: 0,
      currency: 'USD',
      duration: 'ONE_MONTH',
      trial: 0,
      // Never on sale: it only names the package of hand-made grants in My products.
      published: 0,
      batch: 0,
      sort_order: 9999,
      created_at: now,
      updated_at: now,
    })
    .execute();
}
