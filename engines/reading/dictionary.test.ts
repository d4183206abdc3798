import { describe, expect, it } from 'vitest';
import { compactDictionary, type CedictRow } from './compact-dictionary';
import { Glossary, pinyinMarks, segment } from './dictionary';

const rows: CedictRow[] = [
  ['客', '客', 'ke4', ['customer', 'visitor']],
  ['服', '服', 'fu2', ['clothes', 'to serve']],
  ['客服', '客服', 'ke4 fu2', 'customer service'],
  ['機', '机', 'ji1', ['machine', 'engine']],
  ['機器', '机器', 'ji1 qi4', ['machine', 'CL:臺|台[tai2],部[bu4],個|个[ge4]']],
  ['機器人', '机器人', 'ji1 qi4 ren2', ['robot', 'android']],
  ['人', '人', 'ren2', ['person', 'people']],
  ['綠', '绿', 'lu:4', 'green'],
  ['張', '张', 'Zhang1', 'surname Zhang'],
  ['樂', '乐', 'le4', ['happy', 'variant of 樂|乐[yue4]']],
];
const dict = compactDictionary(rows);

describe('segmentation', () => {
  it('splits 客服机器人 into 客服 + 机器人 by longest match', () => {
    const g = new Glossary(dict);
    expect(segment('客服机器人', g.known).map((t) => t.text)).toEqual(['客服', '机器人']);
  });

  it('keeps unknown characters single and English words whole', () => {
    const g = new Glossary(dict);
    const tokens = segment('机器人很好, robots work.', g.known).filter((t) => t.wordLike).map((t) => t.text);
    expect(tokens).toEqual(['机器人', '很', '好', 'robots', 'work']);
  });
});

describe('lookup', () => {
  it('gives pinyin with tone marks and English senses', () => {
    const [gloss] = new Glossary(dict).lookup('机器人');
    expect(gloss).toMatchObject({ pinyin: 'jī qì rén', senses: ['robot', 'android'], source: 'cedict' });
  });

  it('drops pointer senses and proper nouns', () => {
    expect(dict.zh['乐']).toEqual([['le4', 'happy']]);
    expect(dict.zh['机器']).toEqual([['ji1 qi4', 'machine']]);
    expect(dict.zh['张']).toBeUndefined();
  });

  it('glosses English words through the reverse index, inflections too', () => {
    const [gloss] = new Glossary(dict).lookup('Robots');
    expect(gloss?.headwords).toEqual(['机器人']);
    expect(gloss?.senses[0]).toBe('机器人 (jī qì rén)');
    expect(new Glossary(dict).lookup('machine')[0]?.headwords).toEqual(['机', '机器']);
  });

  it('puts the user glossary first and lets it segment', () => {
    const g = new Glossary(dict, [{ term: '客服机器人', meaning: 'our support bot' }]);
    const glosses = g.glossText('客服机器人');
    expect(glosses[0]).toMatchObject({ word: '客服机器人', source: 'user', senses: ['our support bot'] });
  });

  it('marks tones, ü included', () => {
    expect(pinyinMarks('lu:4 hua1 er5 gou3')).toBe('lǜ huā er gǒu');
  });
});
