import useSWR from 'swr';
import type { HelperFileList } from '@contracts/local-helper';
import { helperJobs } from '../../../lib/local-helper-jobs';

/** The videos in the helper's base path, re-read on focus and after each job (`refresh`). */
export function useHelperFiles(enabled: boolean) {
  const { data, error, isLoading, mutate } = useSWR<HelperFileList, unknown>(enabled ? 'local-helper:files' : null, () => helperJobs.files(), { revalidateOnFocus: true, shouldRetryOnError: false });
  return { list: data ?? null, error, loading: isLoading, refresh: () => void mutate() };
}

/** The file in the list that is the one the user picked in the browser: same name and size. */
export function matchPicked(list: HelperFileList | null, picked: { name: string; size: number }): string | null {
  const match = list?.files.find((f) => (f.path.split('/').pop() ?? '') === picked.name && f.size === picked.size);
  return match?.path ?? null;
}
