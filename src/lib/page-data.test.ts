import { describe, expect, it } from 'vitest';
import { pageDataElement } from './page-data';

describe('pageDataElement', () => {
  it('keeps text that would close the element or read as markup inside the JSON', () => {
    const data = { '/bundle/list?lang=en': [{ name: '</script><script>alert(1)</script>', description: 'a & b <!-- c --> \u2028 d' }] };
    const element = pageDataElement(data);
    const inner = element.slice(element.indexOf('>') + 1, element.lastIndexOf('</script>'));
    expect(inner).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(inner)).toEqual(data);
    expect(element.match(/<\/script>/g)).toHaveLength(1);
  });
});
