import { fileURLToPath } from 'node:url';

/**
 * The repository's root folder, where web/dist, db/migrations and .data/ live. This module sits two
 * folders below it both as TypeScript source (db/src/) and compiled into the production build
 * (dist/server/, scripts/build-server.ts), so the same relative step finds it in both.
 */
export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
