// `npm start`: builds what is missing or older than its sources (the web client with `npm run build -w
// web`, the compiled server with `npm run build:server`), then runs the compiled start script
// (dist/server/start.js, from scripts/start.ts) in this process with plain node: no TypeScript loader
// runs in production. Plain JavaScript, as it runs before any build exists.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The newest modification time among `entries` (files or folders, walked whole; tests left out). */
function newestSource(entries) {
  let newest = 0;
  for (const entry of entries) {
    const full = path.join(root, entry);
    if (!existsSync(full)) continue;
    const stat = statSync(full);
    if (!stat.isDirectory()) {
      newest = Math.max(newest, stat.mtimeMs);
      continue;
    }
    for (const file of readdirSync(full, { recursive: true, withFileTypes: true })) {
      if (!file.isFile() || /\.test\.tsx?$/.test(file.name)) continue;
      newest = Math.max(newest, statSync(path.join(file.parentPath, file.name)).mtimeMs);
    }
  }
  return newest;
}

/** Modification time of a build's marker file, 0 when there is no build. */
const builtAt = (marker) => (existsSync(path.join(root, marker)) ? statSync(path.join(root, marker)).mtimeMs : 0);

const builds = [
  {
    what: 'the web client',
    marker: 'web/dist/index.html',
    sources: ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'domain/src', 'package-lock.json'],
    command: ['run', 'build', '-w', 'web'],
  },
  {
    what: 'the server',
    marker: 'dist/server/BUILT',
    sources: [
      'api/src',
      'worker/src',
      'db/src',
      'runtime/src',
      'domain/src',
      'scripts/start.ts',
      'scripts/lib',
      'scripts/build-server.ts',
      'package-lock.json',
    ],
    command: ['run', 'build:server'],
  },
];
for (const { what, marker, sources, command } of builds) {
  const built = builtAt(marker);
  if (built > 0 && built >= newestSource(sources)) continue;
  process.stdout.write(`Building ${what} (${built > 0 ? 'its sources changed' : 'first run'})...\n`);
  const run = spawnSync('npm', command, { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

await import(pathToFileURL(path.join(root, 'dist/server/start.js')).href);
