import useSWR from 'swr';
import { authProviders } from '../api';

/** Whether the server offers Google sign-in (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET set); false until known. */
export function useGoogleSignIn(): boolean {
  const { data } = useSWR('/auth/providers', () => authProviders(), { revalidateOnFocus: false });
  return data?.google === true;
}
