import { FEEDBACK_RETURN_PARAM } from '../../lib/feedback-form';

/**
 * Pages that show the floating feedback button: the tool pages (/products/…) and pricing. The
 * profile has its own entry in its feedback history, because it is a modal over any page.
 */
export function hasFeedbackButton(pathname: string): boolean {
  const p = pathname.toLowerCase().replace(/\/+$/, '');
  return p.startsWith('/products/') || p === '/pricing';
}

/** `path?…` with `feedback=open` added: where the login page sends the visitor back to. */
export function withReturnMarker(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.set(FEEDBACK_RETURN_PARAM, 'open');
  return `${pathname}?${params.toString()}`;
}

/** The search string without the marker, or null when it carries none. */
export function withoutReturnMarker(search: string): string | null {
  const params = new URLSearchParams(search);
  if (params.get(FEEDBACK_RETURN_PARAM) !== 'open') return null;
  params.delete(FEEDBACK_RETURN_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
