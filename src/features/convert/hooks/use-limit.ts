import useSWR from 'swr';
import { limitKey, type Limit } from '../api';

/**
 * What the signed-in user may do now with one conversion type: batch, batch count, file size and
 * conversions left of the live packages that include it (all zero when none does).
 */
export function useLimit(convertType: string) {
  const { data } = useSWR<Limit>(limitKey(convertType));
  return data;
}
