import { defineConfig } from 'vitest/config';
import { layerAliases } from './vite.config.js';

/**
 * Three projects: `unit` (engines, rules, API in process via app.request, on SQLite and, when
 * TEST_DATABASE_URL is set, PostgreSQL), `heavy` (the files that start LibreOffice pools or server
 * Chromium, and the fuzz run) and `e2e` (Playwright journeys in headless Chromium against a real
 * server built from `dist/`, and the newcomer smoke suite). `npm test` runs `unit` two files at
 * once, then `e2e` two files at once, then `heavy` one file at a time (each wants both cores).
 */
const HEAVY = [
  'tests/engines/libreoffice-pool.test.ts',
  'tests/engines/libreoffice-pool-unavailable.test.ts',
  'tests/engines/engine-pool-ocr.test.ts',
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
          // Two files at once (vitest's default is cores - 1: one on these machines) while most API
          // files wait on PostgreSQL or the disk: about half the group's time. VITEST_UNIT_WORKERS=1
          // for one at a time. (One two-worker run on 2026-11-27 stalled in admin-support.test.ts
          // on a machine at load 13 with benchmarks beside it; the quiet runs since have not.)
          maxWorkers: Number(process.env.VITEST_UNIT_WORKERS ?? 2),
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
          sequence: { groupOrder: 2 },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.e2e.ts', 'tests/smoke/**/*.smoke.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          setupFiles: ['tests/helpers/fail-on-unhandled.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Two journeys at once: each spends much of its time waiting on its browser and server,
          // so two files share the two cores without either starving (E2E_WORKERS=1 for one at a time).
          maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
