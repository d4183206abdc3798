import type { Db } from '../../api/db/index.js';
import { grantBundle } from '../../api/services/quota.service.js';

/**
 * Gives an account a paid bundle as an admin would (default: the yearly one, 5,000 conversions
 * of files up to 200 MB), for tests and benchmarks that need more than the trial allows.
 */
export async function grantPaidBundle(db: Db, userId: string, bundleId = 'yearly', now = Date.now()): Promise<void> {
  const user = await db.selectFrom('users').select('id').where('user_id_lower', '=', userId.toLowerCase()).executeTakeFirstOrThrow();
  await grantBundle(db, user.id, bundleId, 'admin', `test-${bundleId}`, now);
}
