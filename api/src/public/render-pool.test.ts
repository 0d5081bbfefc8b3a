import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createRenderPool, RENDER_FAILED_MESSAGE, renderFailures, type RenderPool } from './render-pool';
import { HttpError } from '../errors';

const fixture = (name: string) => new URL(`./render-fixtures/${name}.mjs`, import.meta.url);
const failures = async (reason: string) =>
  (await renderFailures.get()).values.find((value) => value.labels.reason === reason)?.value ?? 0;

describe('the render pool', () => {
  let pool: RenderPool | undefined;
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
  });

  it('renders a sitemap file in a thread from the TypeScript sources', async () => {
    pool = createRenderPool({ threads: 1 });
    const xml = await pool.urlSet('', 'projects', 'https://vitrine.example');
    expect(xml).toContain('<urlset');
  });

  it('answers 503 when a thread cannot start, and keeps answering so', async () => {
    pool = createRenderPool({ threads: 1, worker: fixture('fails-to-start') });
    const counted = async () => (await failures('task')) + (await failures('pool'));
    const before = await counted();
    for (let attempt = 0; attempt < 2; attempt++) {
      const err = await pool.siteCard('Vitrine', 'tagline').catch((error: unknown) => error);
      expect(err).toBeInstanceOf(HttpError);
      expect((err as HttpError).status).toBe(503);
      expect((err as HttpError).message).toBe(RENDER_FAILED_MESSAGE);
    }
    // Each failure counted once, whether piscina reports it as the task's or as the pool's.
    expect(await counted()).toBe(before + 2);
  });

  it('survives a thread that fails before it takes its task: 503, then a new pool renders again', async () => {
    const flag = path.join(mkdtempSync(path.join(tmpdir(), 'render-pool-')), 'failed');
    process.env.RENDER_FIXTURE_FLAG = flag;
    pool = createRenderPool({ threads: 1, execArgv: ['--import', fixture('preload-fails-once').href] });
    const before = await failures('pool');
    const tasksBefore = await failures('task');
    const err = await pool.urlSet('', 'projects', 'https://vitrine.example').catch((error: unknown) => error);
    expect((err as HttpError).status).toBe(503);
    // Counted once, as the pool's failure: the task it aborted is not a second one.
    expect(await failures('pool')).toBe(before + 1);
    expect(await failures('task')).toBe(tasksBefore);
    const xml = await pool.urlSet('', 'users', 'https://vitrine.example');
    expect(xml).toContain('<urlset');
    delete process.env.RENDER_FIXTURE_FLAG;
    rmSync(path.dirname(flag), { recursive: true, force: true });
  });
});
