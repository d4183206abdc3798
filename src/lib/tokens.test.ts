import { tokens as fluentTokens } from '@fluentui/react-components';
import { describe, expect, it } from 'vitest';
import { tokens } from './tokens';

describe('tokens', () => {
  it('gives every Fluent token its exact value', () => {
    const names = Object.keys(fluentTokens) as (keyof typeof fluentTokens)[];
    expect(names.length).toBeGreaterThan(400);
    for (const name of names) expect({ name, value: tokens[name] }).toEqual({ name, value: fluentTokens[name] });
  });
});
