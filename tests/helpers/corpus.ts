import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The real documents other projects wrote (`tests/corpus/`, README there names each file's
 * source and licence). They ship with the repository, so a missing one is an error, never a skip.
 */
export const CORPUS_DIR = path.join(import.meta.dirname, '..', 'corpus');

/** A corpus file's absolute path; throws when the file is not there. */
export function corpusPath(name: string): string {
  const file = path.join(CORPUS_DIR, name);
  if (!existsSync(file)) throw new Error(`${name} is missing from ${CORPUS_DIR}: the corpus ships with the repository`);
  return file;
}

/** A corpus file's bytes. */
export function readCorpus(name: string): Uint8Array {
  return new Uint8Array(readFileSync(corpusPath(name)));
}

/** A corpus ground truth (`*.expected.md`) as text. */
export function readExpected(name: string): string {
  return readFileSync(corpusPath(name), 'utf8');
}

/** Every corpus PDF its source project scored: those with an `.expected.md` beside them, sorted. */
export function scoredPdfs(): string[] {
  return readdirSync(CORPUS_DIR)
    .filter((f) => f.endsWith('.pdf') && existsSync(path.join(CORPUS_DIR, f.replace(/\.pdf$/, '.expected.md'))))
    .sort();
}
