import { atom } from 'jotai';
import type { EngineKind } from '@engines/engine-table';
import type { RecognisedPage } from '@contracts/documents';

export type TaskStatus = 'waiting' | 'uploading' | 'converting' | 'success' | 'failed';

/** Why a task failed: an API code (shown as `errors.<code>`), or an engine reason (`convert.reasons.<reason>`). */
export type TaskError = { code: number; data?: unknown } | { reason: string };

export interface TaskResult {
  name: string;
  /** A device conversion's output, kept in memory only. */
  blob?: Blob;
  /** A server result: an attachment URL, valid until `validUntil`. */
  url?: string;
  validUntil?: string;
  /** PDF pages without a text layer that OCR read, with its confidence (docs/pdf-scan-ocr.md). */
  recognised?: RecognisedPage[];
}

/** One file on a convert page, from the moment it is added until it is deleted. */
export interface ConvertTask {
  id: string;
  /** The user who added it: after a sign-out and another sign-in, the next user does not see it. */
  owner: string;
  /** The card key, e.g. `excel-to-json`: the list of one page shows only its own tasks. */
  key: string;
  /** The card's target group, what the device engine is asked for. */
  target: string;
  name: string;
  size: number;
  engine: EngineKind;
  status: TaskStatus;
  /** 0..1 while uploading or converting; undefined when the step reports no progress. */
  progress?: number;
  /** Absent for server tasks resumed after a reload: they cannot be sent again. */
  file?: File;
  documentId?: string;
  result?: TaskResult;
  error?: TaskError;
  /** The server asked to wait (queue full): when the next attempt starts, ms since epoch. */
  retryAt?: number;
}

/**
 * Every task of every convert page, held in the app store rather than in a page, so conversions
 * keep running, and their results stay, while the user visits other pages.
 */
export const tasksAtom = atom<ConvertTask[]>([]);

/** The last quota answer (1002-1005) to explain on the page, with the file it concerns. */
export const quotaNoticeAtom = atom<{ code: number; name?: string } | null>(null);

/**
 * The conversion type (card key) the API answered 1001 for, or null: the page counts down to the
 * pricing page, which highlights a bundle that includes it.
 */
export const featureMissingAtom = atom<string | null>(null);
