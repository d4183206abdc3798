import type { Gloss, UserGlossaryEntry } from '@engines/reading/dictionary';
import { useCallback, useEffect, useRef, useState } from 'react';
import { DICTIONARY_URL } from 'virtual:reading-assets';
import { readingWorker } from '../../lib/reading-worker';

export type DictionaryStatus = 'loading' | 'ready' | 'error';

/**
 * Glosses from the worker: the dictionary is fetched when the reader opens and kept in the
 * worker, so a selection made after the network is gone is still glossed.
 */
export function useGlosses(userEntries: readonly UserGlossaryEntry[]) {
  const [status, setStatus] = useState<DictionaryStatus>('loading');
  const [selection, setSelection] = useState('');
  const [glosses, setGlosses] = useState<Gloss[]>([]);
  const request = useRef(0);

  const loadDictionary = useCallback(() => {
    setStatus('loading');
    readingWorker()
      .loadDictionary(DICTIONARY_URL)
      .then(() => setStatus('ready'), () => setStatus('error'));
  }, []);

  useEffect(loadDictionary, [loadDictionary]);

  useEffect(() => {
    void readingWorker().setUserGlossary([...userEntries]);
  }, [userEntries]);

  const [wordOnly, setWordOnly] = useState(false);

  /** Glosses a selection's words, or (`firstWordOnly`, a clicked word) the first word of the text. */
  const lookup = useCallback(
    async (text: string, opts: { firstWordOnly?: boolean } = {}) => {
      const trimmed = text.trim().slice(0, 400);
      if (!trimmed) return;
      const id = ++request.current;
      setWordOnly(Boolean(opts.firstWordOnly));
      if (status !== 'ready') {
        setSelection(trimmed);
        return;
      }
      const found = await readingWorker().gloss(trimmed, opts.firstWordOnly ? 1 : undefined);
      if (id !== request.current) return;
      // A clicked word shows as the word itself, not the text after it.
      setSelection(opts.firstWordOnly ? (found[0]?.word ?? trimmed) : trimmed);
      setGlosses(found);
    },
    [status],
  );

  // A selection made while the dictionary was still loading is glossed once it is ready.
  useEffect(() => {
    if (status === 'ready' && selection) void lookup(selection, { firstWordOnly: wordOnly });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the dictionary becomes ready, or the user's glossary changes
  }, [status, userEntries]);

  return { status, selection, glosses, lookup, retry: loadDictionary };
}
