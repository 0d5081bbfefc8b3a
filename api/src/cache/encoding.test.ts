import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, encode } from './encoding';

describe('chooseEncoding (the shared reads front, as koa-compress negotiates)', () => {
  it('answers plain without Accept-Encoding, and gzip for a bare *', () => {
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding('')).toBeNull();
    expect(chooseEncoding('*')).toBe('gzip');
  });

  it("prefers br, then gzip, at equal weight, whatever the header's order", () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('BR')).toBe('br');
  });

  it('follows the weights', () => {
    expect(chooseEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('gzip;q=0, br;q=0')).toBeNull();
    expect(chooseEncoding('identity, br;q=0.5')).toBeNull();
    expect(chooseEncoding('*;q=0.3, identity;q=0.1')).toBe('br');
    expect(chooseEncoding('deflate')).toBeNull();
    expect(chooseEncoding('identity')).toBeNull();
  });

  it('compresses to what decompresses back', () => {
    const json = JSON.stringify({ items: Array.from({ length: 50 }, (_, i) => ({ id: i, title: `Project ${i}` })) });
    expect(brotliDecompressSync(encode(json, 'br')).toString()).toBe(json);
    expect(gunzipSync(encode(json, 'gzip')).toString()).toBe(json);
  });
});
