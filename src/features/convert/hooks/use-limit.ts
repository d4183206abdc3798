import useSWR from 'swr';
import { LIMIT_KEY, type Limit } from '../api';

/** What the signed-in user may do now: batch, batch count, file size, conversions left. */
export function useLimit() {
  const { data } = useSWR<Limit>(LIMIT_KEY);
  return data;
}
