import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALWAYS_MODULES, ROUTE_MODULES } from './route-preloads.js';

const repo = join(import.meta.dirname, '..', '..');

describe('route preload table', () => {
  it('names source modules that exist (a rename must update the table)', () => {
    for (const m of [...ALWAYS_MODULES, ...ROUTE_MODULES.flatMap((r) => r.modules)]) expect(existsSync(join(repo, m)), m).toBe(true);
  });
});
