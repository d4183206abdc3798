import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import JSZip from 'jszip';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfPages, pdfPageTexts, qpdfCheck, withFile } from '../helpers/pdf-tool-checks';
import { startHarness, type Harness } from './harness';
import { labelledPdf, newToolUser as newUser, pdfFile, runAndDownload } from './pdf-tool-journey';

/**
 * A protected PDF given to a tool that works on the device (issue 30: "encrypted inputs ask for
 * their password"): the page asks, qpdf in the worker decrypts, nothing is uploaded and the
 * password goes nowhere. Inputs protected by the system's qpdf; outputs read by qpdf and poppler.
 */

/** AES-256 with an open password, as `qpdf --encrypt` writes it. */
const protect = (bytes: Buffer, password: string): Buffer =>
  withFile(bytes, (file) => {
    const out = `${file}.locked.pdf`;
    expect(spawnSync('qpdf', ['--encrypt', password, 'owner-secret', '256', '--', file, out]).status).toBe(0);
    return readFileSync(out);
  });

/** What qpdf and poppler say of a result: no errors, no encryption, and its text. */
const checkPdf = (bytes: Uint8Array) => ({
  check: qpdfCheck(bytes).status,
  encrypted: withFile(bytes, (file) => /^Encrypted:\s+(\S+)/m.exec(spawnSync('pdfinfo', [file], { encoding: 'utf8' }).stdout)?.[1]),
  pages: pdfPages(bytes).length,
  text: pdfPageTexts(bytes).join(' '),
});

function recordRequests(page: Page): Request[] {
  const all: Request[] = [];
  page.on('request', (r) => all.push(r));
  return all;
}

/** No request of the page carries the password, in its address or its body. */
function expectPasswordKept(requests: Request[], password: string): void {
  for (const r of requests) {
    expect(decodeURIComponent(r.url()), r.url()).not.toContain(password);
    expect((r.postDataBuffer() ?? Buffer.alloc(0)).toString('utf8'), r.url()).not.toContain(password);
  }
  expect(requests.map((r) => new URL(r.url()).pathname)).not.toContain('/api/v1/document/submit');
}

describe('Protected PDFs in the device tools', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  }, 900_000);
  afterAll(async () => harness?.close());

  it('asks for the password of a protected file, refuses a wrong one, and merges it with a plain one (en)', async () => {
    const password = 'Tr0ub4dor-merge';
    const page = await newUser(harness, 'pdfenc');
    const requests = recordRequests(page);
    await page.goto('/products/pdf/pdf-merge');
    await page.getByRole('heading', { level: 1, name: 'Merge PDF' }).waitFor();
    await page.getByTestId('pdf-file-input').setInputFiles([pdfFile('plain.pdf', await labelledPdf('Plain', 1)), pdfFile('locked.pdf', protect(await labelledPdf('Locked', 2), password))]);

    const dialog = page.getByRole('alertdialog', { name: '“locked.pdf” is protected' });
    await dialog.waitFor();
    await dialog.getByText('the password is not saved or sent', { exact: false }).waitFor();
    const field = dialog.getByLabel('Password');
    await field.fill('not-it');
    await page.keyboard.press('Enter');
    await dialog.getByText('That password does not open this PDF. Try again.').waitFor();
    await field.fill(password);
    await dialog.getByRole('button', { name: 'Open' }).click();
    await dialog.waitFor({ state: 'detached' });

    const rows = page.getByTestId('pdf-file-row');
    await rows.filter({ hasText: 'plain.pdf' }).getByText('1 page').waitFor();
    await rows.filter({ hasText: 'locked.pdf' }).getByText('2 pages').waitFor();
    const merged = checkPdf((await runAndDownload(page, 'Merge PDFs')).bytes);
    expect(merged.check).toBe(0);
    expect(merged.pages).toBe(3);
    expect(merged.encrypted).toBe('no');
    expect(merged.text).toContain('Plain page 1');
    expect(merged.text).toContain('Locked page 2');
    expectPasswordKept(requests, password);
  });

  it('skips a protected file when asked to, then opens one in Chinese and splits it (zh)', async () => {
    const password = '芝麻开门-2026';
    const page = await newUser(harness, 'pdfencz');
    const requests = recordRequests(page);
    await page.getByTestId('language-toggle').first().click();
    await page.getByRole('link', { name: '价格' }).first().waitFor();
    await page.goto('/products/pdf/pdf-split');
    await page.getByRole('heading', { level: 1, name: '拆分 PDF' }).waitFor();
    const locked = pdfFile('合同.pdf', protect(await labelledPdf('Hetong', 2), password));

    await page.getByTestId('pdf-file-input').setInputFiles([locked]);
    const dialog = page.getByRole('alertdialog', { name: '“合同.pdf”受密码保护' });
    await dialog.getByRole('button', { name: '跳过此文件' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect(page.getByTestId('pdf-chosen-file').count()).resolves.toBe(0);

    await page.getByTestId('pdf-file-input').setInputFiles([locked]);
    await dialog.getByLabel('密码').fill(password);
    await dialog.getByRole('button', { name: '打开' }).click();
    await page.getByTestId('pdf-chosen-file').getByText('2 页').waitFor();
    await page.getByRole('textbox', { name: '页码范围' }).fill('1, 2');
    const zip = await JSZip.loadAsync((await runAndDownload(page, '拆分 PDF')).bytes);
    const names = Object.keys(zip.files).sort();
    expect(names).toHaveLength(2);
    for (const [i, name] of names.entries()) {
      const part = checkPdf(await zip.file(name)!.async('uint8array'));
      expect(part.check, name).toBe(0);
      expect(part.encrypted, name).toBe('no');
      expect(part.text, name).toContain(`Hetong page ${i + 1}`);
    }
    expectPasswordKept(requests, password);
  });
});
