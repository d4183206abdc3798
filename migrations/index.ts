import type { Kysely, Migration } from 'kysely';
import { migrationContext, type MigrationContext } from './context.js';
import type { Dialect } from '../api/db/index.js';
import * as accounts from './20261121T230000Z-accounts.js';
import * as catalogue from './20261121T231000Z-catalogue.js';
import * as quota from './20261121T234500Z-quota-and-conversions.js';
import * as conversionFiles from './20261122T000500Z-conversion-files.js';
import * as orders from './20261122T030000Z-orders.js';
import * as jobAttempts from './20261123T130000Z-job-attempts.js';
import * as abuseLimits from './20261123T131000Z-abuse-limits.js';
import * as feedback from './20261123T150000Z-feedback.js';
import * as memberships from './20261123T151000Z-memberships.js';
import * as packageGating from './20261123T152000Z-package-gating.js';
import * as googleAccounts from './20261123T153000Z-google-accounts.js';
import * as adminAudit from './20261123T190000Z-admin-audit.js';
import * as adminProducts from './20261123T192000Z-admin-products.js';
import * as adminBilling from './20261123T193000Z-admin-billing.js';
import * as support from './20261123T194000Z-support.js';
import * as toolUses from './20261124T090000Z-tool-uses.js';
import * as qaBots from './20261124T091000Z-qa-bots.js';
import * as translations from './20261124T092000Z-translations.js';
import * as videoTool from './20261126T090000Z-video-tool.js';
import * as automation from './20261126T102000Z-automation.js';
import * as videoSubscriptions from './20261126T101000Z-video-subscriptions.js';
import * as qaPublicSpend from './20261128T090000Z-qa-public-spend.js';
import * as deviceRefunds from './20261128T091000Z-device-refunds.js';
import * as automationRunUpkeep from './20261128T093000Z-automation-run-upkeep.js';
import * as qaTextVectors from './20261129T090000Z-qa-text-vectors.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against whatever schema exists at that point, not today's typed one
type Up = (db: Kysely<any>, ctx: MigrationContext) => Promise<void>;

/** Every migration, in order. Names sort by their timestamp. */
const all: Record<string, { up: Up }> = {
  '20261121T230000Z-accounts': accounts,
  '20261121T231000Z-catalogue': catalogue,
  '20261121T234500Z-quota-and-conversions': quota,
  '20261122T000500Z-conversion-files': conversionFiles,
  '20261122T030000Z-orders': orders,
  '20261123T130000Z-job-attempts': jobAttempts,
  '20261123T131000Z-abuse-limits': abuseLimits,
  '20261123T150000Z-feedback': feedback,
  '20261123T151000Z-memberships': memberships,
  '20261123T152000Z-package-gating': packageGating,
  '20261123T153000Z-google-accounts': googleAccounts,
  '20261123T190000Z-admin-audit': adminAudit,
  '20261123T192000Z-admin-products': adminProducts,
  '20261123T193000Z-admin-billing': adminBilling,
  '20261123T194000Z-support': support,
  '20261124T090000Z-tool-uses': toolUses,
  '20261124T091000Z-qa-bots': qaBots,
  '20261124T092000Z-translations': translations,
  '20261126T090000Z-video-tool': videoTool,
  '20261126T102000Z-automation': automation,
  '20261126T101000Z-video-subscriptions': videoSubscriptions,
  '20261128T090000Z-qa-public-spend': qaPublicSpend,
  '20261128T091000Z-device-refunds': deviceRefunds,
  '20261128T093000Z-automation-run-upkeep': automationRunUpkeep,
  '20261129T090000Z-qa-text-vectors': qaTextVectors,
};

export function migrationsFor(dialect: Dialect): Record<string, Migration> {
  const ctx = migrationContext(dialect);
  return Object.fromEntries(Object.entries(all).map(([name, m]) => [name, { up: (db) => m.up(db, ctx) }]));
}
