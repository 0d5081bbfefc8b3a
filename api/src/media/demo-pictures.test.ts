import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { coverSvg, DEMO_PICTURE_HEIGHT, DEMO_PICTURE_WIDTH, screenshotSvg } from '@vitrine/db/seed/demo-pictures';
import { demoPictureStorer } from './demo-pictures';
import { createLocalStore } from './storage';

const dir = mkdtempSync(join(tmpdir(), 'vitrine-demo-pictures-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('demoPictureStorer', () => {
  it("stores a demo cover and screenshot as an upload's picture: every stored width, served from the store", async () => {
    const store = createLocalStore(dir);
    const storePicture = demoPictureStorer(store);
    for (const svg of [coverSvg('Pixel Garden', 0), screenshotSvg('Pixel Garden', 0, 1)]) {
      const picture = await storePicture(svg);
      expect(picture).toMatchObject({ width: DEMO_PICTURE_WIDTH, height: DEMO_PICTURE_HEIGHT });
      expect([...new Set(picture.variants.map((v) => v.width))].sort()).toEqual([400, 800]);
      for (const variant of picture.variants) {
        const file = await store.get(variant.key);
        expect(file?.type).toBe(variant.type);
        const meta = await sharp(await buffer(file!.body)).metadata();
        expect(meta.width).toBe(variant.width);
      }
    }
  });

  it("draws the project's initials on the cover (its centre differs from its gradient)", async () => {
    const pixels = await sharp(coverSvg('Pixel Garden', 0)).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => {
      const i = (y * pixels.info.width + x) * pixels.info.channels;
      return [...pixels.data.subarray(i, i + 3)];
    };
    // The top-left pixel of the P's stem is white; the corner is the gradient's start.
    const stem = {
      x: Math.round((DEMO_PICTURE_WIDTH - 11 * 22) / 2) + 5,
      y: Math.round((DEMO_PICTURE_HEIGHT - 7 * 22) / 2) + 5,
    };
    expect(at(stem.x, stem.y)).toEqual([255, 255, 255]);
    expect(at(2, 2)).not.toEqual([255, 255, 255]);
  });
});
