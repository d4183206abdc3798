import { defineConfig } from 'vitest/config';
import { layerAliases } from './vite.config.js';

/**
 * Three projects: `unit` (engines, rules, API in process via app.request, on SQLite and, when
 * TEST_DATABASE_URL is set, PostgreSQL), `heavy` (the files that start LibreOffice pools or server
 * Chromium, and the fuzz run) and `e2e` (Playwright journeys in headless Chromium against a real
 * server built from `dist/`, and the newcomer smoke suite). `npm test` runs all three: `unit` two
 * files at once, then `heavy` and `e2e` one file at a time (each wants both cores).
 */
const HEAVY = [
  'tests/engines/libreoffice-pool.test.ts',
  'tests/engines/libreoffice-pool-unavailable.test.ts',
  'tests/api/server-conversions.test.ts',
  'tests/api/metrics.test.ts',
  'tests/api/request-id.test.ts',
  'tests/api/automation-*.test.ts',
  'tests/faults/fuzz.test.ts',
];

export default defineConfig({
  resolve: { alias: layerAliases },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['api/**/*.test.ts', 'workers/**/*.test.ts', 'engines/**/*.test.ts', 'contracts/**/*.test.ts', 'src/**/*.test.ts', 'widget/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/unit/**/*.test.ts', 'tests/engines/**/*.test.ts', 'tests/faults/**/*.test.ts', 'helper/**/*.test.ts'],
          exclude: [...HEAVY, '**/node_modules/**'],
          // A test that leaves an unhandled rejection or 'error' event fails (see the file).
          setupFiles: ['tests/helpers/fail-on-unhandled.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Vitest's default is cores - 1: one file at a time on these two-core machines, while most
          // API files wait on PostgreSQL or the disk. VITEST_UNIT_WORKERS=2 runs two at once
          // (about half the group's time), but one such run hung in tests/api/admin-support.test.ts
          // (passes alone in 5 s; cause not found yet), so it stays opt-in until that is understood.
          maxWorkers: Number(process.env.VITEST_UNIT_WORKERS ?? 1),
          // Files with different worker counts run as separate groups: these first, then the rest.
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'heavy',
          environment: 'node',
          include: HEAVY,
          setupFiles: ['tests/helpers/fail-on-unhandled.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.e2e.ts', 'tests/smoke/**/*.smoke.ts'],
          setupFiles: ['tests/helpers/fail-on-unhandled.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
