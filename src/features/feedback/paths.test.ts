import { describe, expect, it } from 'vitest';
import { hasFeedbackButton, withoutReturnMarker, withReturnMarker } from './paths';

describe('feedback paths', () => {
  it('shows the button on the tool pages and pricing only, in any case', () => {
    for (const p of ['/products/imageTools', '/PRODUCTS/convert/word-to-pdf', '/products/videoTools/panels/merge', '/pricing', '/Pricing/']) expect(hasFeedbackButton(p), p).toBe(true);
    for (const p of ['/', '/products', '/pricing-old', '/payment', '/login', '/admin/feedback', '/terms']) expect(hasFeedbackButton(p), p).toBe(false);
  });

  it('adds the return marker to the path and takes it off again, keeping other parameters', () => {
    expect(withReturnMarker('/products/imageTools', '')).toBe('/products/imageTools?feedback=open');
    const marked = withReturnMarker('/pricing', '?plan=yearly');
    expect(marked).toBe('/pricing?plan=yearly&feedback=open');
    expect(withoutReturnMarker(marked.slice(marked.indexOf('?')))).toBe('?plan=yearly');
    expect(withoutReturnMarker('?feedback=open')).toBe('');
    expect(withoutReturnMarker('?plan=yearly')).toBeNull();
    expect(withoutReturnMarker('?feedback=closed')).toBeNull();
  });
});
