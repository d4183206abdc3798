import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { loadUserInfo } from '../../lib/account-api';
import { loginUrl } from '../../lib/navigation';

/**
 * Loader for routes flagged requiresAuth (spec §6): without a user, go to
 * /login?redirect=<path+search>; the login page comes back here afterwards.
 */
export async function requireAuthLoader({ request }: LoaderFunctionArgs) {
  // Not exempt: the page requires auth, so a 40202 also shows the spec's 'need login' warning.
  const user = await loadUserInfo({ exempt: false });
  if (!user) {
    const url = new URL(request.url);
    throw redirect(loginUrl(url.pathname + url.search));
  }
  return null;
}
