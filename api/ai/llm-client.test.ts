import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LlmStandIn } from '../../tests/helpers/llm-stand-in.js';
import { createLlmClient, LlmUnavailable, type LlmFailure } from './llm-client.js';

const schema = z.object({ pick: z.string() });

describe('the LLM adapter against an OpenAI-compatible stand-in', () => {
  const standIn = new LlmStandIn();
  let baseUrl: string;
  beforeAll(async () => {
    baseUrl = await standIn.start();
  });
  afterAll(() => standIn.stop());

  const client = (timeoutMs = 2000) => createLlmClient({ baseUrl, apiKey: 'sk-test', model: 'test-model', timeoutMs });
  const failure = async (p: Promise<unknown>): Promise<LlmFailure | 'ok'> => {
    try {
      await p;
      return 'ok';
    } catch (err) {
      if (err instanceof LlmUnavailable) return err.reason;
      throw err;
    }
  };
  const ask = (timeoutMs?: number) => client(timeoutMs).chatJson({ system: 'pick one', user: '["a","b"]', schema });

  it('sends the model, the key and both messages, and returns the checked JSON', async () => {
    standIn.reply = () => ({ content: '{"pick":"b"}' });
    expect(await ask()).toEqual({ pick: 'b' });
    const call = standIn.calls.at(-1)!;
    expect(call.model).toBe('test-model');
    expect(call.headers.authorization).toBe('Bearer sk-test');
    expect(call.system).toBe('pick one');
    expect(call.user).toBe('["a","b"]');
  });

  it('accepts JSON wrapped in a Markdown fence', async () => {
    standIn.reply = () => ({ content: '```json\n{"pick":"a"}\n```' });
    expect(await ask()).toEqual({ pick: 'a' });
  });

  it('names every way the endpoint can fail', async () => {
    standIn.reply = () => ({ content: 'Sure! The answer is b.' });
    expect(await failure(ask())).toBe('malformed');
    standIn.reply = () => ({ content: '{"choice":"b"}' });
    expect(await failure(ask())).toBe('malformed');
    standIn.reply = () => ({ status: 200, body: '<html>proxy page</html>' });
    expect(await failure(ask())).toBe('malformed');
    standIn.reply = () => ({ status: 429 });
    expect(await failure(ask())).toBe('rate-limited');
    standIn.reply = () => ({ status: 500 });
    expect(await failure(ask())).toBe('http');
    standIn.reply = () => ({ hang: true });
    expect(await failure(ask(300))).toBe('timeout');
    expect(await failure(createLlmClient(undefined).chatJson({ system: '', user: '', schema }))).toBe('not-configured');
    expect(await failure(createLlmClient({ baseUrl: 'http://127.0.0.1:1/v1', apiKey: undefined, model: 'm', timeoutMs: 2000 }).chatJson({ system: '', user: '', schema }))).toBe('network');
  });
});
