import type { RunOutput } from '@contracts/automation.js';

/**
 * Gathers extracted values into output rows: single values fill the current record, `all`
 * extractions add a column of several values; `flush` (end of a loop pass, end of the run) turns
 * them into rows, one per value of the longest column.
 */
export function outputCollector(variables: Record<string, string>) {
  const rows: Record<string, string>[] = [];
  let record: Record<string, string> = {};
  let lists: Record<string, string[]> = {};
  return {
    value(name: string, text: string) {
      record[name] = text;
      variables[name] = text;
    },
    list(name: string, texts: string[]) {
      lists[name] = texts;
      variables[name] = texts.join('\n');
    },
    flush() {
      const longest = Math.max(0, ...Object.values(lists).map((l) => l.length));
      if (longest === 0 && Object.keys(record).length > 0) rows.push(record);
      for (let i = 0; i < longest; i += 1) rows.push({ ...record, ...Object.fromEntries(Object.entries(lists).map(([k, l]) => [k, l[i] ?? ''])) });
      record = {};
      lists = {};
    },
    result(): RunOutput {
      return { rows, variables: { ...variables } };
    },
  };
}
export type OutputCollector = ReturnType<typeof outputCollector>;
