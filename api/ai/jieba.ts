import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict';

let jieba: Jieba | null = null;

/**
 * jieba's word segmentation as the QA engine's `segmentChinese` option. The dictionary (about
 * 5 MB) loads on first use and stays for the process; HMM is on so words missing from the
 * dictionary (product names, new slang) still come out whole.
 */
export function jiebaSegmenter(): (text: string) => string[] {
  jieba ??= Jieba.withDict(dict);
  const instance = jieba;
  return (text) => instance.cut(text, true);
}
