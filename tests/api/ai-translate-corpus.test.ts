import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paragraph, TranslateResult } from '@contracts/ai-read.js';
import { analyzePdf } from '../../engines/document/pdf-analyze.js';
import { nothingToTranslate, protect, restore } from '../../api/ai/translate/placeholders.js';
import { userClient } from '../helpers/admin-clients.js';
import { readCorpus, scoredPdfs } from '../helpers/corpus.js';
import { LlmStandIn, type LlmCall, type LlmReply } from '../helpers/llm-stand-in.js';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.js';
import { answer, segmentsOf } from '../helpers/translate-stand-in.js';

/** The scored PDFs: those with the source project's ground truth beside them. */
const PDFS = scoredPdfs();

interface CorpusPage {
  documentKey: string;
  number: number;
  paragraphs: Paragraph[];
}

/** Each page's paragraphs as the reader builds them: the converter's layout analysis, ids `p<page>-<n>`. */
async function corpusPages(): Promise<CorpusPage[]> {
  const pages: CorpusPage[] = [];
  for (const file of PDFS) {
    const model = await analyzePdf(readCorpus(file));
    for (const page of model.pages) {
      const paragraphs = page.flow.flatMap((item, i) => (item.kind === 'paragraph' && item.paragraph.text.trim() ? [{ id: `p${page.number}-${i}`, text: item.paragraph.text }] : []));
      if (paragraphs.length) pages.push({ documentKey: file, number: page.number, paragraphs });
    }
  }
  return pages;
}

/** The stand-in's deterministic translation of a masked segment (tokens untouched): a swap or a loss shows. */
const transform = (masked: string) => `【译】${masked.toUpperCase()}`;
/** What the API must answer for a paragraph translated by `transform`. */
function expected(text: string): string {
  const m = protect(text);
  return nothingToTranslate(m.masked) ? text : restore(transform(m.masked), m.parts)!;
}

/** A model whose answers come with their keys in reverse order, an unknown id added, and one id per call dropped the first time it is seen. */
function unruly(droppedOnce: Set<string>): (call: LlmCall) => LlmReply {
  return (call) => {
    const entries = Object.entries(segmentsOf(call)).map(([id, text]) => [id, transform(text)] as const);
    const victim = entries.find(([, text]) => !droppedOnce.has(text));
    if (victim) droppedOnce.add(victim[1]);
    return answer(Object.fromEntries([['ghost-id', '幽灵段落'], ...entries.filter((e) => e !== victim).reverse()]));
  };
}

describe('translation maps back to its source paragraph on the corpus PDFs', () => {
  let pages: CorpusPage[] = [];
  const llm = new LlmStandIn();
  let baseUrl = '';

  beforeAll(async () => {
    baseUrl = await llm.start();
    pages = await corpusPages();
    expect(pages.length, 'pages read from the scored corpus PDFs').toBeGreaterThan(0);
  });
  afterAll(() => llm.stop());

  describe.each(testDialects())('on %s', (dialect) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect, { llm: { baseUrl, model: 'stand-in', apiKey: undefined, timeoutMs: 5000 } });
    });
    afterAll(() => t.close());

    /** Translates every page through the API, as the reader pane does (a page per request), into id → answer. */
    async function translateAll(from: 'en' | 'zh', to: 'en' | 'zh', reply: (call: LlmCall) => LlmReply) {
      llm.reply = reply;
      llm.calls.length = 0;
      const { c, userId } = await userClient(t, 'cp');
      await t.handle.db.updateTable('user_quotas').set({ avail_quota: 1000 }).where('user_id', '=', (await t.handle.db.selectFrom('users').select('id').where('user_id', '=', userId).executeTakeFirstOrThrow()).id).execute();
      const out = new Map<string, TranslateResult['segments'][number]>();
      for (const page of pages) {
        const res = await c.post<TranslateResult>('/api/v1/ai/translate', { from, to, segments: page.paragraphs, page: { documentKey: page.documentKey, number: page.number } });
        expect(res.code, `${page.documentKey} p${page.number}`).toBe(200);
        expect(res.data.segments.map((s) => s.id)).toEqual(page.paragraphs.map((p) => `${page.documentKey}:${p.id}`).map((k) => k.split(':')[1]));
        for (const s of res.data.segments) out.set(`${page.documentKey}:${s.id}`, s);
      }
      return out;
    }
    const sources = () => pages.flatMap((page) => page.paragraphs.map((p) => [`${page.documentKey}:${p.id}`, p.text] as const));

    it('gives every source paragraph exactly its own translation (a faithful model)', async () => {
      expect(pages.length).toBeGreaterThanOrEqual(10);
      const got = await translateAll('en', 'zh', (call) => answer(Object.fromEntries(Object.entries(segmentsOf(call)).map(([id, text]) => [id, transform(text)]))));
      const all = sources();
      expect(all.length).toBeGreaterThan(100);
      expect(got.size).toBe(all.length);
      for (const [key, text] of all) expect(got.get(key), key).toEqual({ id: key.split(':')[1], text: expected(text) });
    });

    it('maps answers by id when the model shuffles the keys, drops one and adds an unknown id', async () => {
      // The other direction: nothing cached by the first run answers this one.
      const dropped = new Set<string>();
      const got = await translateAll('zh', 'en', unruly(dropped));
      for (const [key, text] of sources()) expect(got.get(key), key).toEqual({ id: key.split(':')[1], text: expected(text) });
      expect([...got.values()].some((s) => s.text.includes('幽灵'))).toBe(false);
      // Every page with a paragraph of its own (text found on no other page) lost one in its first
      // call (a page whose paragraphs all repeat elsewhere may have none left to lose), and each
      // lost paragraph was sent again (its one retry).
      const pagesOf = new Map<string, number>();
      for (const page of pages) for (const text of new Set(page.paragraphs.map((p) => p.text))) pagesOf.set(text, (pagesOf.get(text) ?? 0) + 1);
      const withOwnText = pages.filter((page) => page.paragraphs.some((p) => pagesOf.get(p.text) === 1)).length;
      expect(withOwnText).toBeGreaterThanOrEqual(10);
      expect(dropped.size).toBeGreaterThanOrEqual(withOwnText);
      const sent = (translated: string) => llm.calls.filter((call) => Object.values(segmentsOf(call)).some((text) => transform(text) === translated)).length;
      for (const translated of dropped) expect(sent(translated), translated).toBeGreaterThanOrEqual(2);
    });

    it('marks exactly the paragraphs the model keeps dropping as failed, with their source text, and maps the rest', async () => {
      // Fresh cache key space again: these paragraphs with a marker the model drops whenever it sees it.
      const dropped = new Set<string>();
      for (const page of pages) {
        const victim = page.paragraphs.find((p) => !nothingToTranslate(protect(p.text).masked));
        if (victim) dropped.add(`${page.documentKey}:${victim.id}`);
      }
      const victimTexts = new Set(pages.flatMap((page) => page.paragraphs.filter((p) => dropped.has(`${page.documentKey}:${p.id}`)).map((p) => protect(p.text).masked)));
      await t.handle.db.deleteFrom('translations').execute();
      const got = await translateAll('en', 'zh', (call) => answer(Object.fromEntries(Object.entries(segmentsOf(call)).flatMap(([id, text]) => (victimTexts.has(text) ? [] : [[id, transform(text)]])))));
      for (const [key, text] of sources()) {
        const want = victimTexts.has(protect(text).masked) ? { id: key.split(':')[1], text, failed: true } : { id: key.split(':')[1], text: expected(text) };
        expect(got.get(key), key).toEqual(want);
      }
    });
  });
});
