import { useSearchParams } from 'react-router-dom';
import { safeRedirect } from '../../../lib/navigation';

/** Where to go after signing in: the `redirect` parameter if it is a path on this site, else home. */
export function useRedirectTarget(): string {
  const [params] = useSearchParams();
  return safeRedirect(params.get('redirect'));
}
