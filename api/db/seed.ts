import { randomBytes, randomUUID } from 'node:crypto';
import { DEFAULT_FEATURES } from '@contracts/convert-catalogue.js';
import { hashPassword } from '../services/password.js';
import { transaction, type Db } from './index.js';
import { seedBundles, seedProducts } from './seed-data.js';

export interface SeedResult {
  /** Set only when the admin account was created by this run and its password generated. */
  generatedAdminPassword?: string;
  adminCreated: boolean;
}

export const ADMIN_USER_ID = 'admin';

/** Inserts demo products, bundles and the manager account when they are missing; safe to run on every start. */
export async function seed(db: Db, opts: { adminPassword?: string | undefined; now?: number }): Promise<SeedResult> {
  const now = opts.now ?? Date.now();
  await transaction(db, async (tx) => {
    for (const [i, f] of DEFAULT_FEATURES.entries()) {
      const exists = await tx.selectFrom('convert_features').select('id').where('id', '=', f.id).executeTakeFirst();
      if (!exists) await tx.insertInto('convert_features').values({ id: f.id, converts_json: JSON.stringify(f.converts), enabled: 1, sort_order: i }).execute();
    }
    for (const p of seedProducts) {
      const exists = await tx.selectFrom('products').select('id').where('id', '=', p.id).executeTakeFirst();
      if (!exists) await tx.insertInto('products').values({ ...p, created_at: now }).execute();
    }
    for (const { quotas, convertTypes, ...b } of seedBundles) {
      const exists = await tx.selectFrom('bundles').select('id').where('id', '=', b.id).executeTakeFirst();
      if (exists) continue;
      await tx.insertInto('bundles').values({ ...b, created_at: now, updated_at: now }).execute();
      await tx.insertInto('bundle_quotas').values(quotas.map((q) => ({ ...q, bundle_id: b.id }))).execute();
      if (convertTypes?.length) await tx.insertInto('bundle_convert_types').values(convertTypes.map((t) => ({ bundle_id: b.id, convert_type: t }))).execute();
    }
  });

  const admin = await db.selectFrom('users').select('id').where('user_id_lower', '=', ADMIN_USER_ID).executeTakeFirst();
  if (admin) return { adminCreated: false };
  const generated = opts.adminPassword ? undefined : generatePassword();
  await db
    .insertInto('users')
    .values({
      id: randomUUID(),
      user_id: ADMIN_USER_ID,
      user_id_lower: ADMIN_USER_ID,
      email: 'admin@docuflow.local',
      email_lower: 'admin@docuflow.local',
      name: 'Administrator',
      phone: '',
      gender: null,
      birthday: '',
      password_hash: await hashPassword(opts.adminPassword ?? generated!),
      mgr: 1,
      google: 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return generated ? { adminCreated: true, generatedAdminPassword: generated } : { adminCreated: true };
}

/** 16 random characters plus one of each class the password rule asks for. */
function generatePassword(): string {
  return `${randomBytes(12).toString('base64url')}Aa1`;
}
