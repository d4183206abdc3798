import { createLightTheme } from '@fluentui/react-components';
import { describe, expect, it } from 'vitest';
import { brand } from './theme-brand';
import { lightTheme } from './theme-light.generated';

describe('precomputed theme', () => {
  // To regenerate: write `createLightTheme(brand)` as an object literal into theme-light.generated.ts.
  it('equals createLightTheme(brand)', () => {
    expect(lightTheme).toEqual(createLightTheme(brand));
  });
});
