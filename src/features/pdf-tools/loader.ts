import type { LoaderFunctionArgs } from 'react-router-dom';
import { findPdfTool } from '../../lib/site-map';

/** /products/pdf/{tool}: a key that is not a built tool is a 404, which the route's error boundary shows as Not Found. */
export function pdfToolLoader({ params }: LoaderFunctionArgs): null {
  if (!findPdfTool(params.tool ?? '')) throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
  return null;
}
