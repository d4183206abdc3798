import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LlmCall {
  headers: IncomingHttpHeaders;
  model: string;
  system: string;
  user: string;
}

/** What the stand-in answers to one call: the message content (a string, sent as the model's text), or a raw HTTP answer. */
export type LlmReply = { content: string; delayMs?: number; usage?: LlmUsageReply } | { status: number; body?: string; delayMs?: number } | { hang: true };

/** Token counts the stand-in reports in `usage`, as OpenAI does; left out of the answer when not given. */
export interface LlmUsageReply {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

/**
 * An OpenAI-compatible `POST /chat/completions` on 127.0.0.1, for tests of the LLM path: each
 * test sets `reply` (a function of the call) and reads `calls`. `{hang: true}` never answers
 * (a timeout); `{status: 429}` and `{status: 500}` are the endpoint's errors; content that is
 * not the JSON asked for is a malformed answer.
 */
export class LlmStandIn {
  readonly calls: LlmCall[] = [];
  reply: (call: LlmCall) => LlmReply = () => ({ status: 500, body: 'no reply set' });
  private server: Server | undefined;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
          res.writeHead(404).end();
          return;
        }
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { model: string; messages: { role: string; content: string }[] };
        const call: LlmCall = {
          headers: req.headers,
          model: body.model,
          system: body.messages.find((m) => m.role === 'system')?.content ?? '',
          user: body.messages.find((m) => m.role === 'user')?.content ?? '',
        };
        this.calls.push(call);
        const r = this.reply(call);
        if ('hang' in r) return;
        const send = () => {
          if ('content' in r) {
            res.writeHead(200, { 'content-type': 'application/json' });
            res.end(JSON.stringify({ id: `chatcmpl-${this.calls.length}`, object: 'chat.completion', model: body.model, choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: r.content } }], ...(r.usage ? { usage: r.usage } : {}) }));
          } else {
            res.writeHead(r.status, { 'content-type': 'application/json' });
            res.end(r.body ?? JSON.stringify({ error: { message: `status ${r.status}` } }));
          }
        };
        if (r.delayMs) setTimeout(send, r.delayMs);
        else send();
      });
    });
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    this.server.close();
    await once(this.server, 'close');
  }
}
