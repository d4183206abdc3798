/** The admin area's own records. */

/** One change made by staff: who, what, when, the record before and after (JSON). */
export interface AuditLogTable {
  id: string;
  actor_id: string;
  actor_name: string;
  action: string;
  target_type: string;
  target_id: string;
  before_json: string | null;
  after_json: string | null;
  created_at: number;
}
