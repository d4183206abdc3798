import { describe, expect, it } from 'vitest';
import type { Bundle } from '@contracts/quota';
import { bundleForType } from './type-highlight';

const bundle = (id: string, price: number, convertTypes: string[] | null, trial = false): Bundle => ({
  id,
  name: id,
  desc: '',
  bundleIcon: '',
  price,
  currency: 'USD',
  duration: 'ONE_MONTH',
  trial,
  quotas: [],
  features: { batch: false, convertTypes },
  kind: 'pack',
});

describe('bundleForType', () => {
  const bundles = [
    bundle('trial', 0, null, true),
    bundle('monthly', 999, null),
    bundle('yearly', 8999, null),
    bundle('pdf-pack', 499, ['pdf-to-word', 'pdf-to-excel']),
  ];

  it('picks the cheapest bundle on sale that includes the type', () => {
    expect(bundleForType(bundles, 'pdf-to-word')).toBe('pdf-pack');
    expect(bundleForType(bundles, 'excel-to-json')).toBe('monthly');
  });

  it('never the trial or a free bundle, and nothing without a type or a bundle that has it', () => {
    expect(bundleForType([bundle('trial', 0, null, true), bundle('free', 0, null)], 'excel-to-json')).toBeUndefined();
    expect(bundleForType([bundle('pdf-pack', 499, ['pdf-to-word'])], 'excel-to-json')).toBeUndefined();
    expect(bundleForType(bundles, null)).toBeUndefined();
    expect(bundleForType(bundles, '')).toBeUndefined();
  });

  it('keeps staff\'s order on a tie', () => {
    expect(bundleForType([bundle('b', 500, null), bundle('a', 500, null)], 'pdf-to-word')).toBe('b');
  });
});
