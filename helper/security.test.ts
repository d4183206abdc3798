import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@contracts/error-codes';
import type { HelperConfig } from '@contracts/local-helper';
import { APP_ORIGIN, startHelperUnderTest, type HelperUnderTest } from '../tests/helpers/local-helper-kit';

describe('local helper: pairing, origin and token checks', () => {
  let kit: HelperUnderTest;
  beforeAll(async () => {
    kit = await startHelperUnderTest();
  });
  afterAll(async () => {
    await kit.close();
  });

  it('refuses every call but POST /login without the pairing token (40202)', async () => {
    for (const [method, path] of [
      ['GET', '/config'],
      ['POST', '/config/base-path'],
      ['POST', '/video/download'],
      ['GET', '/video/download/status'],
      ['POST', '/video/frame'],
      ['POST', '/video/split'],
      ['POST', '/video/merge/random'],
      ['GET', '/logout'],
    ] as const) {
      const res = await kit.call(method, path, method === 'POST' ? {} : undefined);
      expect(res.code, `${method} ${path}`).toBe(ErrorCode.NOT_LOGGED_IN);
    }
    const forged = await kit.call('GET', '/config', undefined, { Authorization: `Bearer ${'x'.repeat(43)}` });
    expect(forged.code).toBe(ErrorCode.NOT_LOGGED_IN);
  });

  it('refuses calls from another origin (40301), with no CORS grant', async () => {
    await kit.pair();
    const res = await fetch(`${kit.helper.url}/config`, { headers: { Origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(((await res.json()) as { code: number }).code).toBe(ErrorCode.FORBIDDEN);
    const withToken = await kit.call('GET', '/config', undefined, { Origin: 'http://localhost:1234' });
    expect(withToken.code).toBe(ErrorCode.FORBIDDEN);
  });

  it('refuses a foreign Host header (DNS rebinding)', async () => {
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${kit.helper.url}/config`, { headers: { Host: 'rebind.evil.example' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(403);
  });

  it('answers the CORS and Private Network Access preflight for the app only', async () => {
    const ok = await fetch(`${kit.helper.url}/video/download`, {
      method: 'OPTIONS',
      headers: { Origin: APP_ORIGIN, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type', 'Access-Control-Request-Private-Network': 'true' },
    });
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(ok.headers.get('access-control-allow-private-network')).toBe('true');
    expect(ok.headers.get('access-control-allow-headers')).toMatch(/authorization/i);
    const bad = await fetch(`${kit.helper.url}/video/download`, { method: 'OPTIONS', headers: { Origin: 'https://evil.example', 'Access-Control-Request-Private-Network': 'true' } });
    expect(bad.status).toBe(403);
    expect(bad.headers.get('access-control-allow-private-network')).toBeNull();
  });

  it('pairs with a one-time code: a used or wrong code is refused, and logout forgets the token', async () => {
    const code = kit.helper.pairingCode();
    const first = await kit.call<{ token: string }>('POST', '/login', { code });
    expect(first.code).toBe(200);
    const reused = await kit.call('POST', '/login', { code });
    expect(reused.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(reused.data).toEqual({ code: 'videoHelper.errors.codeWrong' });
    const malformed = await kit.call('POST', '/login', { code: 'abc' });
    expect(malformed.data).toEqual({ code: 'videoHelper.errors.codeFormat' });
    const auth = { Authorization: `Bearer ${first.data.token}` };
    expect((await kit.call('GET', '/config', undefined, auth)).code).toBe(200);
    expect((await kit.call('GET', '/logout', undefined, auth)).code).toBe(200);
    expect((await kit.call('GET', '/config', undefined, auth)).code).toBe(ErrorCode.NOT_LOGGED_IN);
  });

  it('changes the code after five wrong tries', async () => {
    const before = kit.helper.pairingCode();
    const wrong = before === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) await kit.call('POST', '/login', { code: wrong });
    expect(kit.helper.pairingCode()).not.toBe(before);
    expect((await kit.call('POST', '/login', { code: before })).code).toBe(ErrorCode.VALIDATION_FAILED);
  });

  it('keeps the base path inside the home folder unless confirmed', async () => {
    await kit.pair();
    const outside = await kit.call('POST', '/config/base-path', { basePath: '/tmp' });
    expect(outside.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(outside.data).toMatchObject({ basePath: 'videoHelper.errors.outsideHome', needsConfirm: true });
    const sneaky = await kit.call('POST', '/config/base-path', { basePath: `${kit.home}/../..` });
    expect(sneaky.data).toMatchObject({ basePath: 'videoHelper.errors.outsideHome' });
    const relative = await kit.call('POST', '/config/base-path', { basePath: 'Videos' });
    expect(relative.data).toEqual({ basePath: 'videoHelper.errors.basePathAbsolute' });
    const inside = await kit.call<HelperConfig>('POST', '/config/base-path', { basePath: '~/Movies/clips' });
    expect(inside.code).toBe(200);
    expect(inside.data.basePath).toBe(`${kit.home}/Movies/clips`);
    const confirmed = await kit.call<HelperConfig>('POST', '/config/base-path', { basePath: `${kit.home}-outside`, confirm: true });
    expect(confirmed.code).toBe(200);
    expect(confirmed.data.basePath).toBe(`${kit.home}-outside`);
    expect((await kit.call<HelperConfig>('GET', '/config')).data.basePath).toBe(`${kit.home}-outside`);
    rmSync(`${kit.home}-outside`, { recursive: true, force: true });
  });
});
