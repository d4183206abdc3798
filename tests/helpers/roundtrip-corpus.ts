import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { corpusPath } from './corpus';

/**
 * The round-trip corpus (`tests/corpus/roundtrip/`): Word and OpenDocument files from other
 * projects' test suites, listed with source, licence and half in `sources.json` there.
 */
export const ROUNDTRIP_DIR = 'roundtrip';

export type Half = 'dev' | 'test';

export interface RoundTripSource {
  file: string;
  repo: string;
  path: string;
  commit: string;
  /** Git blob hash of the file at that commit: the copy here is byte for byte the same. */
  blob: string;
  licence: string;
  licenceFile: string;
  exercises: string;
  half: Half;
}

export interface RoundTripDocument extends RoundTripSource {
  bytes: Uint8Array;
  sha256: string;
}

/** The half a file belongs to, from its name alone: decided once, before any scoring. */
export function halfOf(file: string): Half {
  return createHash('sha256').update(file, 'utf8').digest()[0]! % 2 === 0 ? 'dev' : 'test';
}

export function roundTripSources(): RoundTripSource[] {
  const manifest = JSON.parse(readFileSync(corpusPath(path.join(ROUNDTRIP_DIR, 'sources.json')), 'utf8')) as { documents: RoundTripSource[] };
  return manifest.documents;
}

/** Every listed document with its bytes; a listed file that is missing, or in the wrong half, throws. */
export function roundTripDocuments(): RoundTripDocument[] {
  return roundTripSources().map((source) => {
    if (source.half !== halfOf(source.file)) throw new Error(`${source.file}: sources.json says ${source.half}, its name hashes to ${halfOf(source.file)}`);
    const bytes = new Uint8Array(readFileSync(corpusPath(path.join(ROUNDTRIP_DIR, source.file))));
    return { ...source, bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
  });
}
