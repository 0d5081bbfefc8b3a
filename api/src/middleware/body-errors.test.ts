import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { makeTestApp, type TestApp } from '../testing';
import { UNDECODABLE_BODY_MESSAGE, UNSUPPORTED_ENCODING_MESSAGE } from './errors';
import { captureLogger } from '@vitrine/runtime/log-capture';
import { setRootLogger } from '@vitrine/runtime/logger';

/**
 * A compressed request body that does not decompress is the client's fault: 400 with a message, not
 * 500; an unknown Content-Encoding is 415 with a message (docs/api.md "Conventions").
 */
let t: TestApp;
const logs = captureLogger('api');
/** Error lines (level 50 and up): an unexpected error (500) writes one. */
const errorLines = () => logs.lines().filter((line) => Number(line.level) >= 50);
beforeAll(async () => {
  setRootLogger(logs.logger);
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

const JSON_BODY = '{"username":"ab","password":"x"}';

/** POST /api/auth/login with `body`'s bytes sent as they are under `encoding`. */
async function post(encoding: string, body: string | Buffer): Promise<{ status: number; body: { message?: string } }> {
  const res = await fetch(`${t.origin}/api/auth/login`, {
    method: 'POST',
    headers: { Origin: t.origin, 'Content-Type': 'application/json', 'Content-Encoding': encoding },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
  return { status: res.status, body: (await res.json()) as { message?: string } };
}

describe('compressed request bodies', () => {
  it('answers 400 with a message for a plain body under gzip, deflate or br, and for a cut-off one', async () => {
    const cut = gzipSync(Buffer.from(JSON_BODY)).subarray(0, 12);
    for (const [encoding, body] of [
      ['gzip', JSON_BODY],
      ['deflate', JSON_BODY],
      ['br', JSON_BODY],
      ['gzip', cut],
    ] as const) {
      const res = await post(encoding, Buffer.from(body));
      expect(res.status, encoding).toBe(400);
      expect(res.body, encoding).toEqual({ message: UNDECODABLE_BODY_MESSAGE });
    }
    expect(errorLines()).toEqual([]);
  });

  it('reads a body that is what its Content-Encoding says (the schema answers)', async () => {
    for (const [encoding, body] of [
      ['gzip', gzipSync(JSON_BODY)],
      ['deflate', deflateSync(JSON_BODY)],
      ['br', brotliCompressSync(JSON_BODY)],
    ] as const) {
      const res = await post(encoding, body);
      expect(res.status, encoding).toBe(400);
      expect(res.body.message, encoding).toBe('Username must be at least 3 characters');
    }
  });

  it('answers 415 with a message for an unknown Content-Encoding', async () => {
    for (const encoding of ['compress', 'x-custom', 'gzip, br']) {
      const res = await post(encoding, JSON_BODY);
      expect(res.status, encoding).toBe(415);
      expect(res.body, encoding).toEqual({ message: UNSUPPORTED_ENCODING_MESSAGE });
    }
  });
});
