/**
 * The server Playwright runs against (web/playwright.config.ts's webServer): makes a throwaway
 * database, a Redis key prefix and a pictures directory, runs the site on them in a child process
 * (scripts/e2e/site.ts), and removes all three once the child is gone, however the run ends: on
 * SIGTERM/SIGINT (Playwright's stop, Ctrl-C) or when the site fails to start or exits by itself.
 * The cleanup waits for the child to end first (SIGKILL after a bound), so nothing writes keys again
 * after they are deleted.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deleteRedisPrefix } from '../lib/redis-cleanup';
import { createTestDatabase } from '../../db/src/testing';

/** How long the site may take to close after SIGTERM before it is killed (Playwright waits 20 s in all). */
const SITE_CLOSE_BOUND_MS = 8_000;

// E2E_DB_PREFIX (or E2E_DATABASE) and E2E_REDIS_PREFIX keep runs beside each other on a shared machine
// apart (a random part follows each).
const db = await createTestDatabase(process.env.E2E_DB_PREFIX ?? process.env.E2E_DATABASE ?? 'vitrine_e2e');
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisPrefix = `${process.env.E2E_REDIS_PREFIX ?? 'vitrine-e2e:'}${randomBytes(4).toString('hex')}:`;
const mediaDir = mkdtempSync(join(tmpdir(), 'vitrine-e2e-media-'));

const site = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./site.ts', import.meta.url))], {
  env: { ...process.env, DATABASE_URL: db.url, REDIS_URL: redisUrl, REDIS_PREFIX: redisPrefix, MEDIA_DIR: mediaDir },
  stdio: 'inherit',
});
const siteEnded = new Promise<number>((resolve) =>
  site.once('exit', (code, signal) => resolve(signal ? 1 : (code ?? 1))),
);
console.log(`[e2e] database ${db.name}, Redis prefix ${redisPrefix}, pictures in ${mediaDir}`);

let cleaning: Promise<void> | undefined;
/** Ends the site (SIGTERM, then SIGKILL after the bound), then removes the database, keys and pictures. */
function cleanUp(exitCode: number): Promise<void> {
  cleaning ??= (async () => {
    if (site.exitCode === null && site.signalCode === null) {
      site.kill('SIGTERM');
      const killer = setTimeout(() => site.kill('SIGKILL'), SITE_CLOSE_BOUND_MS);
      await siteEnded;
      clearTimeout(killer);
    }
    await db.drop().catch((err: unknown) => console.error('[e2e] database not dropped:', err));
    await deleteRedisPrefix(redisUrl, redisPrefix).catch((err: unknown) =>
      console.error('[e2e] keys not deleted:', err),
    );
    rmSync(mediaDir, { recursive: true, force: true });
    process.exit(exitCode);
  })();
  return cleaning;
}
process.once('SIGTERM', () => void cleanUp(0));
process.once('SIGINT', () => void cleanUp(0));
// A site that fails to start, or stops by itself, leaves nothing behind either.
void siteEnded.then((code) => {
  if (!cleaning) {
    console.error(`[e2e] the site exited (${code}) before it was asked to`);
    void cleanUp(code || 1);
  }
});
