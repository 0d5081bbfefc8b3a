import { request as httpRequest } from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { test, expect } from './fixtures';
import { E2E_BASE_URL } from '../../scripts/e2e/constants';

const DIST_DIR = fileURLToPath(new URL('../dist', import.meta.url));

/** Files of the current build: the manifest's (older hashed files stay in dist on purpose). */
function builtFiles(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(DIST_DIR, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string; css?: string[] }
  >;
  return [...new Set(Object.values(manifest).flatMap((entry) => [entry.file, ...(entry.css ?? [])]))];
}

/** A raw HTTP answer: node:http never decodes, so the bytes are what went over the wire. */
interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function rawGet(pathname: string, acceptEncoding: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${E2E_BASE_URL}${pathname}`, { headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function decode(answer: RawAnswer): Buffer {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body);
  if (encoding === 'gzip') return gunzipSync(answer.body);
  return answer.body;
}

/** Script and stylesheet addresses the HTML shell names. */
function assetPaths(html: string): string[] {
  return [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
}

test.describe('compression', () => {
  test('every built script and stylesheet has brotli and gzip twins that decode to the same bytes', () => {
    const files = builtFiles();
    expect(files.length).toBeGreaterThan(1);
    for (const file of files) {
      const original = readFileSync(path.join(DIST_DIR, file));
      expect(brotliDecompressSync(readFileSync(path.join(DIST_DIR, `${file}.br`))).equals(original), `${file}.br`).toBe(
        true,
      );
      expect(gunzipSync(readFileSync(path.join(DIST_DIR, `${file}.gz`))).equals(original), `${file}.gz`).toBe(true);
    }
  });

  test('assets are chosen by Accept-Encoding, decode to the plain bytes and stay immutable', async () => {
    const shell = decode(await rawGet('/', 'identity')).toString('utf8');
    const paths = assetPaths(shell);
    expect(paths.length).toBeGreaterThan(0);
    for (const asset of paths) {
      const plain = await rawGet(asset, 'identity');
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      const br = await rawGet(asset, 'gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.body.length).toBeLessThan(plain.body.length);
      const gz = await rawGet(asset, 'gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      for (const answer of [br, gz]) {
        expect(decode(answer).equals(plain.body)).toBe(true);
        expect(String(answer.headers['cache-control'])).toContain('immutable');
        expect(String(answer.headers.vary)).toContain('Accept-Encoding');
      }
    }
  });

  test('API JSON above the threshold is compressed; the HTML too', async () => {
    // A document that never changes: a live list could change between the two reads.
    const plain = await rawGet('/api/openapi.json', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const br = await rawGet('/api/openapi.json', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decode(br).toString('utf8'))).toEqual(JSON.parse(plain.body.toString('utf8')));
    const html = await rawGet('/', 'gzip');
    expect(html.headers['content-encoding']).toBe('gzip');
    expect(decode(html).toString('utf8')).toContain('<div id="root">');
  });
});
