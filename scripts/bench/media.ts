/**
 * `npm run bench -- --only media`: the picture pipeline of uploads (api/src/media/images.ts), in this
 * process, on files in a temporary directory.
 * - A decompression bomb (a 30,000 x 30,000 PNG of 110 KB): the time until it is refused, and the
 *   most resident memory the process gained meanwhile (sampled every millisecond).
 * - Throughput per core: 12-megapixel photographs (JPEG with sensor-like noise, turned by their EXIF orientation) decoded,
 *   oriented and encoded at every stored width (WebP, and AVIF where smaller), one at a time with
 *   libvips on one thread: pictures per second and per core.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { encodeImage, readHeader } from '../../api/src/media/images';
import { pngBomb } from '../../api/src/media/testing-images';

/** Bomb refusals measured; the median and the worst are printed. */
const BOMB_RUNS = 5;
/** Photographs encoded for the throughput. */
const PHOTOS = 6;

/** Runs `work` while sampling the process's resident memory; the most it grew above the start, in MB. */
async function peakGrowth<T>(work: () => Promise<T>): Promise<{ result: T; ms: number; peakMb: number }> {
  const base = process.memoryUsage.rss();
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 1);
  const started = performance.now();
  try {
    const result = await work();
    return {
      result,
      ms: performance.now() - started,
      peakMb: (Math.max(peak, process.memoryUsage.rss()) - base) / 1e6,
    };
  } finally {
    clearInterval(timer);
  }
}

/** The refusal of a decompression bomb: the status it gets, and its time and memory. */
async function bombRefusals(dir: string, log: (line: string) => void): Promise<void> {
  const path = join(dir, 'bomb.png');
  const bomb = pngBomb(30_000);
  await writeFile(path, bomb);
  const runs: Array<{ ms: number; peakMb: number }> = [];
  for (let i = 0; i < BOMB_RUNS; i += 1) {
    const { result, ms, peakMb } = await peakGrowth(() =>
      readHeader(path).then(
        () => 'accepted',
        (err: { status?: number }) => String(err.status),
      ),
    );
    if (result !== '422') throw new Error(`the bomb was not refused with 422 (${result})`);
    runs.push({ ms, peakMb });
  }
  const ms = runs.map((r) => r.ms).sort((a, b) => a - b);
  const mb = runs.map((r) => r.peakMb).sort((a, b) => a - b);
  log(
    `bomb (${(bomb.length / 1024).toFixed(0)} KB, 900 megapixels) refused with 422: median ${ms[Math.floor(BOMB_RUNS / 2)]!.toFixed(1)} ms, ` +
      `worst ${ms.at(-1)!.toFixed(1)} ms; memory growth at most ${mb.at(-1)!.toFixed(1)} MB (targets: under 1 s, under 100 MB)`,
  );
}

/** Pictures per second on one libvips thread. */
async function throughput(dir: string, log: (line: string) => void): Promise<void> {
  const path = join(dir, 'photo.jpg');
  const photo = await sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: '#6688aa',
      noise: { type: 'gaussian', mean: 128, sigma: 12 },
    },
  })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
  await writeFile(path, photo);
  const threads = sharp.concurrency();
  sharp.concurrency(1);
  try {
    await encodeImage(path); // warm-up
    const started = performance.now();
    let bytes = 0;
    for (let i = 0; i < PHOTOS; i += 1) bytes += (await encodeImage(path)).files.reduce((n, f) => n + f.body.length, 0);
    const seconds = (performance.now() - started) / 1000;
    log(
      `12-megapixel JPEG (${(photo.length / 1e6).toFixed(1)} MB) to every stored width: ${(PHOTOS / seconds).toFixed(2)} pictures/s ` +
        `on one core (${((seconds / PHOTOS) * 1000).toFixed(0)} ms each, ${(bytes / PHOTOS / 1024).toFixed(0)} KiB stored per picture)`,
    );
  } finally {
    sharp.concurrency(threads);
  }
}

/** The media cases, printed through `log`. */
export async function mediaBench(log: (line: string) => void): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'vitrine-bench-media-'));
  try {
    await bombRefusals(dir, log);
    await throughput(dir, log);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
