import { describe, expect, it } from 'vitest';
import { splitSentences, summarize } from './summary';

describe('extractive summary', () => {
  const english = [
    'Solar panels turn sunlight into electricity. Solar panels work best facing the sun.',
    'My cat likes to sleep in the afternoon.',
    'Electricity from solar panels can be stored in batteries for the night. Batteries make solar power useful after dark.',
    'The weather was pleasant yesterday.',
  ];

  it('keeps the sentences about the main topic, in document order', () => {
    const picked = summarize(english, 2).map((s) => s.text);
    expect(picked).toHaveLength(2);
    expect(picked.every((t) => /solar|batter/i.test(t))).toBe(true);
    const positions = picked.map((t) => english.join(' ').indexOf(t));
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('works on Chinese with character bigrams', () => {
    const chinese = ['太阳能电池板把阳光变成电能。太阳能电池板朝向太阳时效果最好。', '我的猫喜欢在下午睡觉。', '太阳能电池板产生的电能可以储存在电池里。', '昨天天气很好。'];
    const picked = summarize(chinese, 2).map((s) => s.text);
    expect(picked.every((t) => t.includes('太阳能') || t.includes('电能'))).toBe(true);
  });

  it('splits sentences at Western and Chinese marks', () => {
    expect(splitSentences(['One. Two!', '三。四？']).map((s) => s.text)).toEqual(['One.', 'Two!', '三。', '四？']);
  });

  it('returns every sentence when there are fewer than asked', () => {
    expect(summarize(['Only one sentence here.'], 3)).toHaveLength(1);
  });
});
