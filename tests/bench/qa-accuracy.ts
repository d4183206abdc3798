/**
 * The QA bot's accuracy on the evaluation sets of issue 28 (tests/fixtures/qa-eval): per language,
 * a development set that decides what is kept and a test set (another business) that only
 * reports. Prints both, lexical (the engine before) and hybrid (with sentence vectors), at each
 * set's calibrated threshold. `npm run bench -- qa-accuracy` (add `dev` to print the development
 * sets only, as changes are tried).
 */
import { jiebaSegmenter } from '../../api/ai/jieba';
import { createEvalEmbedder } from '../fixtures/qa-eval/embed-cache';
import { calibratedPolicy, figures, pct, scoreSet, type Policy } from '../fixtures/qa-eval/evaluate';
import { DEFAULT_THRESHOLD, GREY_ZONE_RATIO } from '../../engines/qa/index';
import { EVAL_SETS } from '../fixtures/qa-eval/sets';

const only = process.argv.slice(2);
const embedder = await createEvalEmbedder();
const segmentChinese = jiebaSegmenter();
const rows: string[][] = [];
for (const set of EVAL_SETS.filter((s) => only.length === 0 || only.includes(s.half))) {
  for (const mode of ['lexical', 'hybrid'] as const) {
    const scored = await scoreSet(set.set, { segmentChinese, embedder: mode === 'hybrid' ? embedder : null });
    // The lexical engine at its default threshold and grey zone (what a bot did before); the hybrid one at the threshold its own calibration picks.
    const policy: Policy = mode === 'lexical' ? { threshold: DEFAULT_THRESHOLD, handoffBelow: DEFAULT_THRESHOLD * GREY_ZONE_RATIO } : await calibratedPolicy(set.set, { segmentChinese, embedder });
    const f = figures(scored, policy);
    rows.push([`${set.set.language} ${set.half}`, `${mode} @${policy.threshold.toFixed(2)}/${policy.handoffBelow.toFixed(2)}`, pct(f.top1), pct(f.firstShownRight), pct(f.answeredCorrectly), pct(f.answeredWrongly), pct(f.outOfScopeHandedOff), pct(f.outOfScopeAnswered)]);
  }
}
embedder.save();
const head = ['set', 'ranking @threshold/hand-off', 'top-1', 'first shown right', 'answered right', 'answered wrong', 'OOS handed off', 'OOS answered'];
console.log([head, ...rows].map((r) => r.map((c, i) => c.padEnd(i === 0 ? 9 : head[i]!.length + 2)).join('')).join('\n'));
