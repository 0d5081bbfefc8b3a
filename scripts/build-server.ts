/**
 * `npm run build:server` (part of `npm run build`): compiles the api, the worker, the start script and
 * their helpers to JavaScript in dist/server/ with esbuild, for production to run with plain `node`
 * (`node --enable-source-maps dist/server/api.js`; the Dockerfile's CMD, `npm start` through
 * scripts/start.mjs). Our workspaces (`@vitrine/*`, TypeScript sources) are bundled in; every other
 * package stays an import of node_modules, installed with `npm ci --omit=dev`. Shared code goes into
 * chunks beside the entries, so each module's `import.meta.url` is two folders below the repository
 * root, as its source was (db/src/repo-root.ts).
 */
import { build, type Plugin } from 'esbuild';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { REPO_ROOT } from '../db/src/repo-root';

/** Where the compiled server goes (scripts/start.mjs and the Dockerfile name it too). */
export const SERVER_BUILD_DIR = path.join(REPO_ROOT, 'dist/server');

/** Output name (without .js) of each entry point. */
const ENTRIES: Record<string, string> = {
  api: 'api/src/server.ts',
  worker: 'worker/src/index.ts',
  start: 'scripts/start.ts',
  'create-admin': 'scripts/create-admin.ts',
  // Preloaded into each supervised child (scripts/lib/supervisor.ts).
  'parent-watch': 'scripts/lib/parent-watch.ts',
  // A render thread's entry (api/src/public/render-pool.ts).
  'render-worker': 'api/src/public/render-tasks.ts',
};

/** Marks the plugin's own look-ups, which it answers with the default resolution. */
const LOOKUP = Symbol('lookup');

/**
 * Keeps every package but our workspaces out of the bundle: production installs them. A package npm
 * installed under a workspace (api/node_modules/..., when the root holds another version of it or of
 * its dependencies) is imported by its path relative to dist/server/, which the production install
 * lays out the same way; the others by name.
 */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(builder) {
    const rootModules = path.join(REPO_ROOT, 'node_modules') + path.sep;
    builder.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.path.startsWith('@vitrine/') || args.pluginData === LOOKUP) return undefined;
      if (args.path.startsWith('node:')) return { path: args.path, external: true };
      const found = await builder.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: LOOKUP,
      });
      const nested = found.errors.length === 0 && found.path.includes(`${path.sep}node_modules${path.sep}`);
      if (!nested || found.path.startsWith(rootModules)) return { path: args.path, external: true };
      return { path: path.relative(SERVER_BUILD_DIR, found.path), external: true };
    });
  },
};

/** The manifests whose `dependencies` production installs (scripts/production-layout.ts): the root and the running workspaces with theirs. */
const PRODUCTION_MANIFESTS = [
  'package.json',
  ...['api', 'worker', 'db', 'runtime', 'domain'].map((w) => `${w}/package.json`),
];

/** The package a bare import names: `@scope/name/sub` -> `@scope/name`, `name/sub` -> `name`. */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * The packages the compiled server imports that production would not install: each must be in the
 * `dependencies` (not `devDependencies`) of the root or a running workspace, or the image fails at start.
 */
function missingFromProduction(imports: string[]): string[] {
  const installed = new Set<string>();
  for (const manifest of PRODUCTION_MANIFESTS) {
    const { dependencies = {} } = JSON.parse(readFileSync(path.join(REPO_ROOT, manifest), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    for (const name of Object.keys(dependencies)) installed.add(name);
  }
  return [...new Set(imports.map(packageOf))].filter((name) => !installed.has(name));
}

rmSync(SERVER_BUILD_DIR, { recursive: true, force: true });
const started = performance.now();
const result = await build({
  absWorkingDir: REPO_ROOT,
  entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, path.join(REPO_ROOT, file)])),
  outdir: SERVER_BUILD_DIR,
  bundle: true,
  splitting: true,
  chunkNames: 'chunk-[hash]',
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: true,
  plugins: [externalPackages],
  metafile: true,
  logLevel: 'warning',
});
const packages = Object.values(result.metafile.outputs).flatMap((output) =>
  output.imports
    .filter((imported) => imported.external && !imported.path.startsWith('node:') && !isBuiltin(imported.path))
    .map((imported) => imported.path.replace(/^(\.\.\/)+[^/]+\/node_modules\//, '')),
);
const missing = missingFromProduction(packages);
if (missing.length > 0) {
  console.error(
    `dist/server imports packages production does not install (add them to dependencies): ${missing.join(', ')}`,
  );
  process.exit(1);
}
// Marks the build complete: scripts/start.mjs rebuilds when a source is newer than this file.
writeFileSync(path.join(SERVER_BUILD_DIR, 'BUILT'), `${new Date().toISOString()}\n`);
const bytes = Object.entries(result.metafile.outputs)
  .filter(([file]) => file.endsWith('.js'))
  .reduce((sum, [, output]) => sum + output.bytes, 0);
console.log(
  `dist/server: ${Object.keys(ENTRIES).length} entries, ${Math.round(bytes / 1024)} KiB of JavaScript in ${Math.round(performance.now() - started)} ms`,
);
