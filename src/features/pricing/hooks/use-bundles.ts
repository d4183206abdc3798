import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { bundlesKey, type Bundle } from '../api';

/** The published bundles in the app language, in the order staff sorted them. */
export function useBundles() {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'zh' ? 'zh' : 'en';
  const { data, error, isLoading, mutate } = useSWR<Bundle[], unknown>(bundlesKey(lang), { keepPreviousData: true });
  return { bundles: data ?? [], error, isLoading: isLoading && !data, retry: () => void mutate() };
}
