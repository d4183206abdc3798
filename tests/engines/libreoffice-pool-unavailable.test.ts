import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLibreOfficePool } from '../../api/office/pool.js';
import { bilingualDocx } from '../helpers/fixtures/office.js';

// Needs no LibreOffice: a fake soffice that exits at once stands in for a broken installation.
describe('LibreOffice pool that cannot start', () => {
  it('fails queued and new jobs as unavailable instead of hanging', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'lo-pool-broken-'));
    const fake = path.join(dir, 'soffice');
    await writeFile(fake, '#!/bin/sh\nexit 1\n', { mode: 0o755 });
    const previous = process.env.SOFFICE_PATH;
    process.env.SOFFICE_PATH = fake;
    const broken = createLibreOfficePool({ size: 1, workDir: path.join(dir, 'work') });
    if (previous === undefined) delete process.env.SOFFICE_PATH;
    else process.env.SOFFICE_PATH = previous;
    try {
      const file = path.join(dir, 'a.docx');
      await writeFile(file, await bilingualDocx());
      await expect(broken.convert(file, path.join(dir, 'out'), 'pdf')).rejects.toMatchObject({ reason: 'unavailable' });
      await expect(broken.convert(file, path.join(dir, 'out'), 'pdf')).rejects.toMatchObject({ reason: 'unavailable' });
    } finally {
      await broken.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
