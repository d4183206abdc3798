import { describe, expect, it } from 'vitest';
import { BROWSER_ENGINE_PAIRS } from '@engines/engine-table.js';
import { ENGINE_OPS, loadOp } from './engine-registry.js';

describe('engine registry', () => {
  it('has an operation for exactly the pairs the API lets the browser claim', () => {
    const declared = Object.entries(BROWSER_ENGINE_PAIRS).flatMap(([ext, targets]) => targets.map((t) => `${ext}:${t}`)).sort();
    const registered = Object.entries(ENGINE_OPS).flatMap(([ext, ops]) => Object.keys(ops).map((t) => `${ext}:${t}`)).sort();
    expect(registered).toEqual(declared);
  });

  it('every registered operation loads to a function', async () => {
    for (const [ext, ops] of Object.entries(ENGINE_OPS)) {
      for (const target of Object.keys(ops)) expect(typeof (await loadOp(ext, target))).toBe('function');
    }
  });

  it('refuses pairs that only the server can do', async () => {
    await expect(loadOp('xls', 'json')).rejects.toMatchObject({ reason: 'unsupported' });
    await expect(loadOp('pptx', 'pdf')).rejects.toMatchObject({ reason: 'unsupported' });
  });
});
