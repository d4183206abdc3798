import { describe, expect, it } from 'vitest';
import { dataUrlToBlob } from './decode';

describe('dataUrlToBlob', () => {
  it('decodes base64 and plain data URLs with their type', async () => {
    const png = dataUrlToBlob('data:image/png;base64,iVBORw0KGgo=');
    expect(png.type).toBe('image/png');
    expect([...new Uint8Array(await png.arrayBuffer())]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const svg = dataUrlToBlob('data:image/svg+xml,%3Csvg%2F%3E');
    expect(svg.type).toBe('image/svg+xml');
    expect(await svg.text()).toBe('<svg/>');
  });

  it('refuses anything else', () => {
    expect(() => dataUrlToBlob('https://example.com/a.png')).toThrow();
  });
});
