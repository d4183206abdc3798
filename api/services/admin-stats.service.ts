import { ErrorCode } from '@contracts/error-codes.js';
import { DAY_MS, dayOfNumber, numberOfDay, statsRangeOf, statsRangeProblem, type Stats, type StatsDay, type StatsQuery } from '@contracts/admin/stats.js';
import type { Db } from '../db/index.js';
import { AppError } from '../http/app-error.js';
import {
  conversionsPerDay,
  conversionsPerEngine,
  conversionsPerType,
  newUsersPerDay,
  openFeedbackCount,
  ordersCreatedPerDay,
  ordersPaidPerDay,
  revenuePerCurrency,
  storedFiles,
  type DayCount,
} from '../repositories/admin-stats.repository.js';

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
/** Code-unit order, the same on every database (a collation would order `pdf-to-word` and `pdf-toxml` differently). */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The dashboard: the repository counts in SQL; this lays the counts out over every day of the range. */
export function createAdminStatsService(db: Db, now: () => number) {
  return {
    async stats(q: StatsQuery): Promise<Stats> {
      const { from, to } = statsRangeOf(q, now());
      const problem = statsRangeProblem(from, to);
      if (problem) throw new AppError(ErrorCode.VALIDATION_FAILED, 'Bad date range', problem);
      const first = numberOfDay(from);
      const last = numberOfDay(to);
      const range = { fromMs: first * DAY_MS, toMs: (last + 1) * DAY_MS - 1 };

      const [users, created, paid, revenue, perDay, types, engines, files, feedbackOpen] = await Promise.all([
        newUsersPerDay(db, range),
        ordersCreatedPerDay(db, range),
        ordersPaidPerDay(db, range),
        revenuePerCurrency(db, range),
        conversionsPerDay(db, range),
        conversionsPerType(db, range),
        conversionsPerEngine(db, range),
        storedFiles(db),
        openFeedbackCount(db),
      ]);

      const byDay = (rows: DayCount[]) => new Map(rows.map((r) => [r.day, r.n]));
      const usersBy = byDay(users);
      const createdBy = byDay(created);
      const paidBy = byDay(paid);
      const conversionsBy = new Map(perDay.map((r) => [r.day, r]));
      const days: StatsDay[] = [];
      for (let d = first; d <= last; d++) {
        const c = conversionsBy.get(d);
        days.push({
          day: dayOfNumber(d),
          newUsers: usersBy.get(d) ?? 0,
          ordersCreated: createdBy.get(d) ?? 0,
          ordersPaid: paidBy.get(d) ?? 0,
          conversions: c?.conversions ?? 0,
          succeeded: c?.succeeded ?? 0,
          failed: c?.failed ?? 0,
        });
      }

      const succeeded = sum(perDay.map((r) => r.succeeded));
      const failed = sum(perDay.map((r) => r.failed));
      const engine = (name: string) => engines.find((e) => e.engine === name)?.n ?? 0;
      return {
        from,
        to,
        totals: {
          newUsers: sum(users.map((r) => r.n)),
          ordersCreated: sum(created.map((r) => r.n)),
          ordersPaid: sum(paid.map((r) => r.n)),
          conversions: sum(perDay.map((r) => r.conversions)),
          succeeded,
          failed,
          successRate: succeeded + failed === 0 ? null : succeeded / (succeeded + failed),
        },
        revenue: revenue.sort((a, b) => byText(a.currency, b.currency)),
        engines: { browser: engine('browser'), server: engine('server') },
        types: types.sort((a, b) => b.conversions - a.conversions || byText(a.convertType, b.convertType)),
        days,
        current: { filesStored: files.files, bytesStored: files.bytes, feedbackOpen },
      };
    },
  };
}
export type AdminStatsService = ReturnType<typeof createAdminStatsService>;
