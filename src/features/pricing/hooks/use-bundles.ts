import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { bundlesKey, type Bundle } from '../api';

/** The published bundles in the app language, in the order staff sorted them. */
export function useBundles() {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'zh' ? 'zh' : 'en';
  const { data, error, isLoading, mutate } = useSWR<Bundle[], unknown>(bundlesKey(lang), { keepPreviousData: true });
  // The list replaces the skeleton in a background render that yields to the browser, instead of
  // in one long synchronous render when the answer arrives (SWR's store updates are synchronous).
  const shown = useDeferredValue(data);
  const arriving = data !== undefined && shown === undefined;
  return { bundles: shown ?? [], error, isLoading: (isLoading && !data) || arriving, retry: () => void mutate() };
}
