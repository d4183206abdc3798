import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProtectOptions } from '@contracts/pdf-tools.js';
import type { PdfToolError } from './pdf-tool-error.js';
import { linearizePdf, protectPdf, repairPdf, unlockPdf } from './qpdf.js';
import { check, PAGE_TEXT, picturePdf, rejection as rejected } from './test-support.js';

/** Every argv handed to a spawned tool, to show that no password is ever in one (/proc/<pid>/cmdline is world-readable). */
const spawned = vi.hoisted(() => [] as string[][]);
vi.mock('../office/process-tree.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../office/process-tree.js')>();
  return {
    ...real,
    spawnGroup: (command: string, args: string[], env: NodeJS.ProcessEnv, cwd: string) => {
      spawned.push([command, ...args]);
      return real.spawnGroup(command, args, env, cwd);
    },
  };
});

const USER = 'open sesame @ 7';
const OWNER = 'keeper-of-the-keys';
const UNICODE = 'mot de passe été 密码';
const PASSWORDS = [USER, OWNER, UNICODE, 'not the password'];

let dir: string;
let plain: string;
let limits: { timeoutMs: number; cwd: string };

const path = (name: string) => join(dir, name);
const protect = (overrides: Partial<ProtectOptions> = {}): ProtectOptions => ({ userPassword: USER, allowPrint: true, allowCopy: true, allowModify: false, ...overrides });

/** The tool's rejection, whose message names none of the passwords. */
async function rejection(promise: Promise<unknown>): Promise<PdfToolError> {
  const error = await rejected(promise);
  for (const secret of PASSWORDS) expect(error.message).not.toContain(secret);
  return error;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'qpdf-tools-'));
  limits = { timeoutMs: 120_000, cwd: dir };
  plain = path('plain.pdf');
  await writeFile(plain, await picturePdf(600));
  await writeFile(path('not-a-pdf.pdf'), 'Dear customer, this is a letter, not a PDF.\n');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

afterEach(() => {
  for (const argv of spawned.splice(0)) for (const secret of PASSWORDS) expect(argv.join(' ')).not.toContain(secret);
});

describe('protectPdf', () => {
  it('encrypts with AES-256: the text reads only with the password', async () => {
    await protectPdf(plain, path('protected.pdf'), protect({ allowCopy: false, allowPrint: false }), limits);
    expect(check('/usr/bin/qpdf', ['--check', `--password=${USER}`, path('protected.pdf')]).code).toBe(0);
    const info = check('/usr/bin/pdfinfo', ['-upw', USER, path('protected.pdf')]).out;
    expect(info).toMatch(/Encrypted:\s+yes \(print:no copy:no change:no .*AES-256\)/);
    const text = check('/usr/bin/pdftotext', ['-upw', USER, path('protected.pdf'), '-']);
    expect(text.code).toBe(0);
    for (const line of PAGE_TEXT) expect(text.out).toContain(line);
    const locked = check('/usr/bin/pdftotext', [path('protected.pdf'), '-']);
    expect(locked.code).not.toBe(0);
    expect(locked.out).not.toContain(PAGE_TEXT[0]);
  });

  it('uses the owner password given, or a random one the open password cannot stand in for', async () => {
    await protectPdf(plain, path('owned.pdf'), protect({ ownerPassword: OWNER, allowModify: true }), limits);
    expect(check('/usr/bin/qpdf', ['--show-encryption', `--password=${OWNER}`, path('owned.pdf')]).out).toContain('Supplied password is owner password');
    expect(check('/usr/bin/pdfinfo', ['-opw', OWNER, path('owned.pdf')]).out).toMatch(/print:yes copy:yes change:yes/);

    await protectPdf(plain, path('random-owner.pdf'), protect(), limits);
    const asUser = check('/usr/bin/qpdf', ['--show-encryption', `--password=${USER}`, path('random-owner.pdf')]).out;
    expect(asUser).toContain('Supplied password is user password');
  });

  it('takes passwords with spaces, @ and non-ASCII letters', async () => {
    await protectPdf(plain, path('unicode.pdf'), protect({ userPassword: UNICODE }), limits);
    const text = check('/usr/bin/pdftotext', ['-upw', UNICODE, path('unicode.pdf'), '-']);
    expect(text.code).toBe(0);
    expect(text.out).toContain(PAGE_TEXT[1]);
  });

  it('refuses a file that is already encrypted, and one that is not a PDF', async () => {
    await protectPdf(plain, path('first.pdf'), protect(), limits);
    expect((await rejection(protectPdf(path('first.pdf'), path('second.pdf'), protect({ userPassword: 'another' }), limits))).reason).toBe('encrypted');
    expect((await rejection(protectPdf(path('not-a-pdf.pdf'), path('x.pdf'), protect(), limits))).reason).toBe('unreadable');
  });

  it('refuses a password holding a line break (it would split the argument file)', async () => {
    expect((await rejection(protectPdf(plain, path('nl.pdf'), protect({ userPassword: 'two\nlines' }), limits))).reason).toBe('failed');
  });
});

describe('unlockPdf', () => {
  it('removes the encryption with the right password', async () => {
    await protectPdf(plain, path('to-unlock.pdf'), protect({ ownerPassword: OWNER, allowCopy: false }), limits);
    await unlockPdf(path('to-unlock.pdf'), path('unlocked.pdf'), { password: USER }, limits);
    expect(check('/usr/bin/qpdf', ['--check', path('unlocked.pdf')]).code).toBe(0);
    expect(check('/usr/bin/pdfinfo', [path('unlocked.pdf')]).out).toMatch(/Encrypted:\s+no/);
    expect(check('/usr/bin/pdftotext', [path('unlocked.pdf'), '-']).out).toContain(PAGE_TEXT[2]);

    await unlockPdf(path('to-unlock.pdf'), path('unlocked-owner.pdf'), { password: OWNER }, limits);
    expect(check('/usr/bin/pdfinfo', [path('unlocked-owner.pdf')]).out).toMatch(/Encrypted:\s+no/);
  });

  it('answers wrongPassword, with the password in no message', async () => {
    await protectPdf(plain, path('locked.pdf'), protect(), limits);
    const error = await rejection(unlockPdf(path('locked.pdf'), path('never.pdf'), { password: 'not the password' }, limits));
    expect(error.reason).toBe('wrongPassword');
  });

  it('gives a plain copy of a file that has no password', async () => {
    await unlockPdf(plain, path('copy.pdf'), { password: 'not the password' }, limits);
    expect(check('/usr/bin/qpdf', ['--check', path('copy.pdf')]).code).toBe(0);
    expect(check('/usr/bin/pdftotext', [path('copy.pdf'), '-']).out).toContain(PAGE_TEXT[0]);
  });

  it('answers unreadable for a file that is not a PDF', async () => {
    expect((await rejection(unlockPdf(path('not-a-pdf.pdf'), path('x.pdf'), { password: USER }, limits))).reason).toBe('unreadable');
  });
});

describe('repairPdf', () => {
  it('rebuilds a file whose cross-reference table is broken', async () => {
    const bytes = await readFile(plain);
    const broken = Buffer.from(bytes);
    // Point startxref at nothing: readers must rebuild the table by scanning the objects.
    const at = broken.lastIndexOf('startxref');
    broken.write('startxref\n1           ', at, 'latin1');
    await writeFile(path('broken.pdf'), broken);
    expect(check('/usr/bin/qpdf', ['--check', path('broken.pdf')]).code).not.toBe(0);

    await repairPdf(path('broken.pdf'), path('repaired.pdf'), limits);
    expect(check('/usr/bin/qpdf', ['--check', path('repaired.pdf')]).code).toBe(0);
    expect(check('/usr/bin/pdftotext', [path('repaired.pdf'), '-']).out).toContain(PAGE_TEXT[1]);
  });

  it('answers unreadable when nothing can be recovered, encrypted when a password is needed', async () => {
    expect((await rejection(repairPdf(path('not-a-pdf.pdf'), path('x.pdf'), limits))).reason).toBe('unreadable');
    await protectPdf(plain, path('sealed.pdf'), protect(), limits);
    expect((await rejection(repairPdf(path('sealed.pdf'), path('x.pdf'), limits))).reason).toBe('encrypted');
  });
});

describe('linearizePdf', () => {
  it('writes a linearized ("fast web view") copy', async () => {
    await linearizePdf(plain, path('web.pdf'), limits);
    const checked = check('/usr/bin/qpdf', ['--check', path('web.pdf')]);
    expect(checked.code).toBe(0);
    expect(checked.out).toContain('File is linearized');
    expect(check('/usr/bin/pdfinfo', [path('web.pdf')]).out).toMatch(/Optimized:\s+yes/);
    expect((await rejection(linearizePdf(path('not-a-pdf.pdf'), path('x.pdf'), limits))).reason).toBe('unreadable');
  });

  it('refuses relative paths', async () => {
    await expect(linearizePdf('plain.pdf', path('x.pdf'), limits)).rejects.toThrow(/input must be an absolute path/);
  });
});
