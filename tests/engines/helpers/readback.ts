import { readdirSync, readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';

/** Every `<w:t>` / `<a:t>` text of the given parts of an OOXML package, joined by spaces. */
async function ooxmlText(file: string, part: RegExp, tag: 'w:t' | 'a:t'): Promise<string> {
  const zip = await JSZip.loadAsync(readFileSync(file));
  const names = Object.keys(zip.files).filter((name) => part.test(name)).sort();
  const texts: string[] = [];
  for (const name of names) {
    const xml = (await zip.file(name)?.async('string')) ?? '';
    for (const match of xml.matchAll(new RegExp(`<${tag}(?: [^>]*)?>([^<]*)</${tag}>`, 'g'))) texts.push(match[1] ?? '');
  }
  return texts.join(' ');
}

export const docxText = (file: string) => ooxmlText(file, /^word\/document\.xml$/, 'w:t');
export const pptxText = (file: string) => ooxmlText(file, /^ppt\/slides\/slide\d+\.xml$/, 'a:t');

/** Every cell of every sheet as text, joined by spaces. */
export async function xlsxText(file: string): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const texts: string[] = [];
  workbook.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => texts.push(cell.text))));
  return texts.join(' ');
}

function commandLines(): Array<{ pid: number; cmdline: string }> {
  const found: Array<{ pid: number; cmdline: string }> = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      found.push({ pid: Number(entry), cmdline: readFileSync(`/proc/${entry}/cmdline`, 'utf8') });
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

/** Pids of the soffice.bin processes whose command line mentions `dir` (the pool's workDir). */
export function sofficePids(dir: string): number[] {
  return commandLines().filter((p) => p.cmdline.includes('soffice.bin') && p.cmdline.includes(dir)).map((p) => p.pid);
}

/** Each slot's processes (python driver, oosplash, soffice.bin), keyed by slot folder. */
export function slotProcesses(dir: string): Map<string, number[]> {
  const slots = new Map<string, number[]>();
  for (const { pid, cmdline } of commandLines()) {
    const at = cmdline.indexOf(`${dir}/slot-`);
    const slot = at < 0 ? undefined : cmdline.slice(at + dir.length + 1).split('/')[0];
    if (slot) slots.set(slot, [...(slots.get(slot) ?? []), pid]);
  }
  return slots;
}

/** Whether a process still runs (a zombie waiting to be reaped counts as gone). */
export function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}
