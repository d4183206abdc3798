import { describe, expect, it } from 'vitest';
import { changedFields } from './changed-fields';

describe('changedFields', () => {
  it('lists only the fields that differ, in a readable form', () => {
    expect(changedFields({ price: 999, name: 'Pro', quotas: [{ q: 1 }] }, { price: 1299, name: 'Pro', quotas: [{ q: 2 }] })).toEqual([
      { field: 'price', before: '999', after: '1299' },
      { field: 'quotas', before: '[{"q":1}]', after: '[{"q":2}]' },
    ]);
  });
  it('shows a creation and a deletion field by field', () => {
    expect(changedFields(null, { id: 'b1' })).toEqual([{ field: 'id', before: '—', after: 'b1' }]);
    expect(changedFields({ id: 'b1' }, null)).toEqual([{ field: 'id', before: 'b1', after: '—' }]);
  });
});
