import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfLibPdf } from '../../tests/helpers/fixtures/pdf-tool-inputs';
import { loadDecrypter, type Decrypter } from './decrypt';

const wasm = createRequire(import.meta.url).resolve('@neslinesli93/qpdf-wasm/dist/qpdf.wasm');

describe('decrypting a protected PDF on the device (qpdf in WebAssembly)', () => {
  let dir: string;
  let plain: string;
  let decrypter: Decrypter;
  /** The system's qpdf protects the file, as another program would have. */
  const protect = (name: string, args: string[]) => {
    const out = join(dir, name);
    execFileSync('qpdf', ['--allow-weak-crypto', '--encrypt', ...args, '--', plain, out]);
    return new Uint8Array(readFileSync(out));
  };
  const textOf = (bytes: Uint8Array) => {
    const file = join(dir, 'check.pdf');
    writeFileSync(file, bytes);
    expect(execFileSync('qpdf', ['--show-encryption', file], { encoding: 'utf8' })).toContain('File is not encrypted');
    return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'decrypt-'));
    plain = join(dir, 'plain.pdf');
    writeFileSync(plain, await pdfLibPdf([{ text: 'Quarterly secret figures' }]));
    decrypter = await loadDecrypter(wasm);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each([
    ['AES-256', ['open-256', 'owner', '256']],
    ['AES-128', ['open-128', 'owner', '128', '--use-aes=y']],
    ['RC4 128', ['open-rc4', 'owner', '128', '--use-aes=n']],
  ])('opens %s with its open password and refuses a wrong one', (_name, args) => {
    const bytes = protect(`${args[0]}.pdf`, args);
    expect(decrypter.decrypt(bytes, 'wrong')).toMatchObject({ ok: false, status: 2 });
    const result = decrypter.decrypt(bytes, args[0]!);
    expect(result.ok).toBe(true);
    if (result.ok) expect(textOf(result.bytes)).toContain('Quarterly secret figures');
  });

  it('opens a file with a permissions password only, without asking', () => {
    const result = decrypter.decrypt(protect('owner-only.pdf', ['', 'owner', '256']), '');
    expect(result.ok).toBe(true);
  });

  it('refuses a file that is not a PDF, and still works after it', () => {
    expect(decrypter.decrypt(new TextEncoder().encode('not a pdf at all'), '')).toMatchObject({ ok: false });
    expect(decrypter.decrypt(protect('again.pdf', ['again', 'owner', '256']), 'again').ok).toBe(true);
  });
});
