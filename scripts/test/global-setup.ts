import type { TestProject } from 'vitest/node';
import { randomBytes } from 'node:crypto';
import { deleteRedisPrefix } from '../lib/redis-cleanup';
import { createTestDatabase } from '@vitrine/db/testing';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    redisUrl: string;
    redisPrefix: string;
  }
}

/** Creates this run's database and Redis prefix; the returned function drops both. */
export default async function setup(project: TestProject) {
  const db = await createTestDatabase();
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const redisPrefix = `vitrine-test:${randomBytes(4).toString('hex')}:`;
  project.provide('databaseUrl', db.url);
  project.provide('redisUrl', redisUrl);
  project.provide('redisPrefix', redisPrefix);
  return async () => {
    await db.drop();
    await deleteRedisPrefix(redisUrl, redisPrefix);
  };
}
