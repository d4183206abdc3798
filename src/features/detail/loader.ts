import type { LoaderFunctionArgs } from 'react-router-dom';
import { findOffering } from '../../lib/offerings';

/** /detail/{name}: an unknown name is a 404, which the route's error boundary shows as Not Found. */
export function detailLoader({ params }: LoaderFunctionArgs): null {
  if (!findOffering(params.name)) throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
  return null;
}
