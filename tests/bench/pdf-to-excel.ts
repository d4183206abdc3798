/**
 * PDF → Excel cell accuracy on the corpus (tests/corpus/): every scored PDF whose `.expected.md`
 * holds tables is converted by our engine, read back with exceljs, and each ground-truth table is
 * aligned to the sheet that holds it best (tests/helpers/table-accuracy.ts says how). Prints a
 * table per document and the cells missed. Run with `npm run bench -- pdf-to-excel`.
 */
import { pdfToXlsx } from '@engines/document/pdf-to-xlsx';
import { readCorpus, readExpected, scoredPdfs } from '../helpers/corpus';
import { markdownTables, readSheets, scoreTable } from '../helpers/table-accuracy';

const TARGET = 0.98;

function pad(cells: string[], widths: number[]): string {
  return cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('');
}

async function main(): Promise<void> {
  const widths = [34, 8, 8, 8, 10, 10, 8];
  let belowTarget = 0;
  for (const file of scoredPdfs()) {
    const tables = markdownTables(readExpected(file.replace(/\.pdf$/, '.expected.md')));
    if (tables.length === 0) continue;
    const bytes = readCorpus(file);
    let start = performance.now();
    const out = await pdfToXlsx({ name: file, bytes });
    const first = Math.round(performance.now() - start);
    start = performance.now();
    await pdfToXlsx({ name: file, bytes });
    const ms = `${Math.round(performance.now() - start)} ms, first call ${first} ms`;
    const sheets = await readSheets(out.bytes);
    const scores = tables.map((t) => scoreTable(t, sheets));
    const cells = scores.reduce((n, s) => n + s.cells, 0);
    const found = scores.reduce((n, s) => n + s.found, 0);
    console.log(`\n${file} (${ms}; ${sheets.length} sheets: ${sheets.map((s) => s.name).join(', ')})`);
    console.log(pad(['table', 'rows', 'cells', 'found', 'accuracy', 'spurious', 'sheet'], widths));
    scores.forEach((s, i) => {
      console.log(pad([`#${i + 1}`, String(tables[i]!.length), String(s.cells), String(s.found), `${((s.found / s.cells) * 100).toFixed(1)}%`, String(s.spurious), s.sheet ?? '-'], widths));
      for (const miss of s.misses.slice(0, 8)) console.log(`    missed ${JSON.stringify(miss.expected)} (sheet had ${JSON.stringify(miss.got)})`);
    });
    const accuracy = found / cells;
    if (accuracy < TARGET) belowTarget++;
    console.log(pad(['all', '', String(cells), String(found), `${(accuracy * 100).toFixed(1)}%`, '', accuracy >= TARGET ? 'meets 98%' : 'BELOW 98%'], widths));
  }
  console.log(`\n${belowTarget === 0 ? 'Every document meets' : `${belowTarget} document(s) below`} the ${TARGET * 100}% cell target.`);
}

await main();
