/** Web process automation's tables (migrations/20261126T102000Z-automation.ts). */
export interface AutomationFlowsTable {
  id: string;
  owner_id: string;
  name: string;
  /** JSON: Step[] */
  steps: string;
  step_cap: number;
  time_cap_ms: number;
  created_at: number;
  updated_at: number;
}

export interface AutomationRunsTable {
  id: string;
  flow_id: string;
  owner_id: string;
  status: 'queued' | 'running' | 'paused' | 'succeeded' | 'failed' | 'refused';
  trigger: 'manual' | 'schedule';
  schedule_id: string | null;
  scheduled_for: number | null;
  use_id: string | null;
  /** JSON: Record<string, string> */
  variables: string;
  /** JSON: stored run steps */
  steps: string;
  /** JSON: RunOutput */
  output: string | null;
  error: string | null;
  failure_url: string | null;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
  /** When its screenshots were purged (three hours after it finished); null while kept. */
  shots_purged_at: number | null;
  /** Until when the instance replaying it answers for it; past this, a running or paused run was left by a dead process. */
  lease_until: number | null;
}

export interface AutomationSchedulesTable {
  id: string;
  flow_id: string;
  owner_id: string;
  cron: string;
  timezone: string;
  next_run_at: number | null;
  last_run_at: number | null;
  created_at: number;
}

export interface AutomationAllowHostsTable {
  owner_id: string;
  host: string;
}

export interface AutomationCredentialsTable {
  id: string;
  owner_id: string;
  name: string;
  sealed: string;
  created_at: number;
}
