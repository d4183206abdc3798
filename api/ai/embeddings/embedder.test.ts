import type { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { createEmbedder, EMBEDDING_DIMENSIONS, EmbedderFailed } from './embedder';

const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, v, i) => s + v * b[i]!, 0);
const maxDiff = (a: Float32Array, b: Float32Array) => a.reduce((m, v, i) => Math.max(m, Math.abs(v - b[i]!)), 0);

describe('createEmbedder (the real model)', () => {
  const embedder = createEmbedder();
  afterAll(() => embedder.close());

  it('puts a paraphrase closer than an unrelated sentence', async () => {
    const [q, para, other] = await embedder.embed(['How do I reset my password?', 'I forgot my password, how can I change it?', 'What time does the shop open on Sundays?']);
    expect(q).toHaveLength(EMBEDDING_DIMENSIONS);
    expect(dot(q!, para!)).toBeGreaterThan(dot(q!, other!) + 0.1);
    expect(dot(q!, q!)).toBeCloseTo(1, 3);
  });

  it('gives the same vectors in a batch as one by one', async () => {
    const texts = ['Where is my order?', 'Can I pay by invoice?', 'How long does shipping take to Canada?', 'Refund', ''];
    const batch = await embedder.embed(texts);
    for (const [i, text] of texts.entries()) {
      const [alone] = await embedder.embed([text]);
      expect(maxDiff(batch[i]!, alone!)).toBeLessThan(1e-4);
    }
  });

  it('answers 130 texts (three batches, empty ones and long ones among them) in order', async () => {
    const texts = Array.from({ length: 130 }, (_, i) => (i % 40 === 7 ? '' : i === 100 ? 'long '.repeat(1000) : `Question number ${i} about delivery times`));
    const [out, alone] = await Promise.all([embedder.embed(texts), embedder.embed([texts[129]!, texts[7]!, 'long '.repeat(200)])]);
    expect(out).toHaveLength(130);
    for (const v of out) expect(v).toHaveLength(EMBEDDING_DIMENSIONS);
    expect(maxDiff(out[129]!, alone[0]!)).toBeLessThan(1e-4);
    expect(maxDiff(out[47]!, alone[1]!)).toBeLessThan(1e-4);
    // Only the first 1,000 characters count.
    expect(maxDiff(out[100]!, alone[2]!)).toBeLessThan(1e-4);
  });
});

describe('createEmbedder when its thread goes away', () => {
  it('fails the pending call clearly, then starts a fresh thread for the next one', async () => {
    const threads: Worker[] = [];
    const embedder = createEmbedder({ onThread: (w) => threads.push(w) });
    try {
      const pending = embedder.embed(['first']);
      await threads[0]!.terminate();
      await expect(pending).rejects.toThrow(EmbedderFailed);
      await expect(pending).rejects.toThrow(/exited/);
      const [v] = await embedder.embed(['second']);
      expect(v).toHaveLength(EMBEDDING_DIMENSIONS);
      expect(threads).toHaveLength(2);
    } finally {
      await embedder.close();
    }
  });

  it('gives up a batch past its time limit', async () => {
    const embedder = createEmbedder({ batchTimeoutMs: 1 });
    try {
      await expect(embedder.embed(Array.from({ length: 64 }, (_, i) => `A rather long sentence number ${i} to keep the model busy`))).rejects.toThrow(/took over 1 ms/);
    } finally {
      await embedder.close();
    }
  });

  it('close() ends the thread and refuses later calls', async () => {
    const threads: Worker[] = [];
    const embedder = createEmbedder({ onThread: (w) => threads.push(w) });
    await embedder.embed(['warm up']);
    const exited = new Promise<number>((resolve) => threads[0]!.once('exit', resolve));
    await embedder.close();
    await exited;
    await expect(embedder.embed(['after'])).rejects.toThrow(/closed/);
    expect(threads).toHaveLength(1);
  });
});
