import { describe, expect, it } from 'vitest';
import { isIsolatedPath, needsDocumentLoad } from './isolation';

describe('cross-origin isolation by route', () => {
  it('covers the video tools and their panels only', () => {
    expect(isIsolatedPath('/products/videoTools')).toBe(true);
    expect(isIsolatedPath('/products/videotools/panels/cropping')).toBe(true);
    expect(isIsolatedPath('/products/videoToolsX')).toBe(false);
    expect(isIsolatedPath('/payment/123')).toBe(false);
  });

  it('reloads the document entering the video tools and leaving them while isolated', () => {
    expect(needsDocumentLoad('/', '/products/videoTools/panels/merge', false)).toBe(true);
    expect(needsDocumentLoad('/products/videoTools', '/products/videoTools/panels/merge', true)).toBe(false);
    expect(needsDocumentLoad('/products/videoTools', '/payment/1', true)).toBe(true);
    // Served without isolation (a cached page offline): leaving needs nothing.
    expect(needsDocumentLoad('/products/videoTools', '/pricing', false)).toBe(false);
    expect(needsDocumentLoad('/', '/pricing', false)).toBe(false);
  });
});
