import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against whatever schema exists at that point, not today's typed one
type AnyDb = Kysely<any>;

/**
 * Web process automation (issue 14): flows (steps as JSON), their runs with per-step results,
 * cron schedules (claimed by a conditional update so each slot runs once across instances),
 * each user's allow-list of target hosts and their encrypted credentials.
 */
export async function up(db: AnyDb, { bigint }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('automation_flows')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('owner_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    // JSON: Step[] (contracts/automation.ts)
    .addColumn('steps', 'text', (c) => c.notNull())
    .addColumn('step_cap', 'integer', (c) => c.notNull())
    .addColumn('time_cap_ms', 'integer', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('automation_flows_owner').on('automation_flows').columns(['owner_id', 'created_at']).execute();

  await db.schema
    .createTable('automation_runs')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('flow_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('owner_id', 'varchar(40)', (c) => c.notNull())
    // 'queued' | 'running' | 'paused' | 'succeeded' | 'failed' | 'refused'
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    // 'manual' | 'schedule'
    .addColumn('trigger', 'varchar(12)', (c) => c.notNull())
    .addColumn('schedule_id', 'varchar(40)')
    // The cron slot a scheduled run belongs to: unique with schedule_id, so a slot never runs twice.
    .addColumn('scheduled_for', bigint)
    .addColumn('use_id', 'varchar(40)')
    // JSON: the run's input variables (never credentials)
    .addColumn('variables', 'text', (c) => c.notNull())
    // JSON: RunStep[] without URLs
    .addColumn('steps', 'text', (c) => c.notNull())
    // JSON: RunOutput
    .addColumn('output', 'text')
    .addColumn('error', 'varchar(200)')
    .addColumn('failure_url', 'varchar(2000)')
    .addColumn('created_at', bigint, (c) => c.notNull())
    // When the browser started on it: the time cap counts from here.
    .addColumn('started_at', bigint)
    .addColumn('finished_at', bigint)
    .execute();
  await db.schema.createIndex('automation_runs_flow').on('automation_runs').columns(['flow_id', 'created_at']).execute();
  await db.schema.createIndex('automation_runs_status').on('automation_runs').columns(['status']).execute();
  await db.schema.createIndex('automation_runs_slot').on('automation_runs').columns(['schedule_id', 'scheduled_for']).unique().execute();

  await db.schema
    .createTable('automation_schedules')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('flow_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('owner_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('cron', 'varchar(100)', (c) => c.notNull())
    .addColumn('timezone', 'varchar(60)', (c) => c.notNull())
    // The next slot not yet claimed; null when the expression has no future slot.
    .addColumn('next_run_at', bigint)
    .addColumn('last_run_at', bigint)
    .addColumn('created_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('automation_schedules_due').on('automation_schedules').columns(['next_run_at']).execute();

  await db.schema
    .createTable('automation_allow_hosts')
    .addColumn('owner_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('host', 'varchar(300)', (c) => c.notNull())
    .addPrimaryKeyConstraint('automation_allow_hosts_pk', ['owner_id', 'host'])
    .execute();

  await db.schema
    .createTable('automation_credentials')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('owner_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('name', 'varchar(40)', (c) => c.notNull())
    // AES-256-GCM: base64 of iv ‖ tag ‖ ciphertext (api/automation/credential-cipher.ts)
    .addColumn('sealed', 'text', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('automation_credentials_name').on('automation_credentials').columns(['owner_id', 'name']).unique().execute();
}
