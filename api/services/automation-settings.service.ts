import { randomUUID } from 'node:crypto';
import type { Schedule } from '@contracts/automation.js';
import { ErrorCode } from '@contracts/error-codes.js';
import type { CredentialCipher } from '../automation/credential-cipher.js';
import { cronOf, nextSlot } from '../automation/cron-slots.js';
import type { Db } from '../db/index.js';
import { AppError } from '../http/app-error.js';
import { findFlow } from '../repositories/automation-flows.repository.js';
import { deleteSchedule, findSchedule, insertSchedule, listSchedules } from '../repositories/automation-schedules.repository.js';
import { allowHosts, deleteCredential, listCredentials, replaceAllowHosts, upsertCredential } from '../repositories/automation-settings.repository.js';
import { toSchedule } from './automation-views.js';
import type { SessionUser } from './session.service.js';

const MAX_SCHEDULES = 20;
const MAX_CREDENTIALS = 50;

const invalid = (field: string, key: string) => new AppError(ErrorCode.VALIDATION_FAILED, 'Validation failed', { [field]: key });

/** A user's automation settings: the allow-list of target hosts, credentials (write-only), cron schedules. */
export function createAutomationSettingsService(db: Db, cipher: CredentialCipher, now: () => number) {
  return {
    allowList: async (user: SessionUser) => ({ hosts: await allowHosts(db, user.id) }),
    async setAllowList(user: SessionUser, hosts: readonly string[]) {
      await replaceAllowHosts(db, user.id, [...new Set(hosts)]);
      return { hosts: await allowHosts(db, user.id) };
    },

    async credentials(user: SessionUser) {
      return (await listCredentials(db, user.id)).map((r) => ({ credentialId: r.id, name: r.name, createdAt: new Date(r.created_at).toISOString() }));
    },
    async saveCredential(user: SessionUser, name: string, value: string) {
      const existing = await listCredentials(db, user.id);
      if (existing.length >= MAX_CREDENTIALS && !existing.some((r) => r.name === name)) throw invalid('name', 'validation.invalid');
      await upsertCredential(db, { id: randomUUID(), owner_id: user.id, name, sealed: cipher.seal(value), created_at: now() });
      return this.credentials(user);
    },
    async removeCredential(user: SessionUser, id: string) {
      if (!(await deleteCredential(db, user.id, id))) throw new AppError(ErrorCode.NOT_FOUND, 'No such credential');
    },

    async schedules(user: SessionUser): Promise<Schedule[]> {
      return (await listSchedules(db, user.id)).map(toSchedule);
    },
    async addSchedule(user: SessionUser, body: { flowId: string; cron: string; timezone?: string | undefined }): Promise<Schedule> {
      const flow = await findFlow(db, body.flowId);
      if (!flow || flow.owner_id !== user.id) throw new AppError(ErrorCode.NOT_FOUND, 'No such flow');
      if ((await listSchedules(db, user.id)).length >= MAX_SCHEDULES) throw invalid('cron', 'validation.invalid');
      const timezone = body.timezone ?? 'UTC';
      let next: number | null;
      try {
        next = nextSlot(cronOf(body.cron, timezone), now());
      } catch {
        throw invalid('cron', 'validation.invalid');
      }
      const id = randomUUID();
      await insertSchedule(db, { id, flow_id: flow.id, owner_id: user.id, cron: body.cron, timezone, next_run_at: next, last_run_at: null, created_at: now() });
      return toSchedule((await findSchedule(db, id))!);
    },
    async removeSchedule(user: SessionUser, id: string) {
      const row = await findSchedule(db, id);
      if (!row || row.owner_id !== user.id) throw new AppError(ErrorCode.NOT_FOUND, 'No such schedule');
      await deleteSchedule(db, id);
    },
  };
}
export type AutomationSettingsService = ReturnType<typeof createAutomationSettingsService>;
