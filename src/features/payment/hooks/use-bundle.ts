import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { bundlesKey, quietFetcher, type Bundle } from '../api';

/** The published bundle an order is for, to say what it grants; undefined while loading or if unpublished. */
export function useBundle(bundleId: string | undefined): Bundle | undefined {
  const { i18n } = useTranslation();
  const { data } = useSWR<Bundle[]>(bundleId ? bundlesKey(i18n.language === 'zh' ? 'zh' : 'en') : null, quietFetcher);
  return data?.find((b) => b.id === bundleId);
}
