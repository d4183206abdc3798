import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { Paragraph, ReadLang } from '@contracts/ai-read';
import { ErrorCode } from '@contracts/error-codes';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { translatePage } from './api';
import { toPages } from './pages';
import { TranslationRunner } from './translation-runner';

interface Options {
  documentKey: string;
  paragraphs: readonly Paragraph[];
  visibleIds: readonly string[];
  from: ReadLang;
  to: ReadLang;
}

const describeError = (err: unknown) =>
  isApiError(err, ErrorCode.AI_UNAVAILABLE) ? ({ kind: 'unavailable' } as const) : ({ kind: 'error', text: isApiError(err) ? errorMessage(err) : String(err) } as const);

/** What identifies the paragraphs' content cheaply: a parent that passes an equal new array each render must not restart the work. */
const signature = (paragraphs: readonly Paragraph[]) => paragraphs.map((p) => `${p.id}:${p.text.length}`).join('|');

/** The pane's TranslationRunner: a new one per document, paragraph list and direction; the one in use is stopped on change and unmount. */
export function useTranslationQueue({ documentKey, paragraphs, visibleIds, from, to }: Options): TranslationRunner {
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const key = signature(paragraphs);
  const [snapshot, setSnapshot] = useState({ key, paragraphs });
  // Adjusting state while rendering (React's pattern for values derived from props): only a real change of paragraphs restarts.
  if (snapshot.key !== key) setSnapshot({ key, paragraphs });
  const visible = useRef(visibleIds);
  useEffect(() => {
    visible.current = visibleIds;
  }, [visibleIds]);
  const runner = useMemo(
    () =>
      new TranslationRunner(documentKey, toPages(snapshot.paragraphs), {
        translate: (segments, page, signal) => translatePage(from, to, segments, page, signal),
        describeError,
        visibleIds: () => visible.current,
        onChange: redraw,
      }),
    [documentKey, snapshot, from, to],
  );
  useEffect(() => () => runner.stop(), [runner]);
  return runner;
}
