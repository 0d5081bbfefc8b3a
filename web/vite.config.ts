import { fileURLToPath } from 'node:url';
import { defineConfig, runnerImport, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression } from 'vite-plugin-compression2';
import { applicationChunks } from './chunks.ts';

/** The API (and Socket.IO) the dev server proxies to; `npm run dev -w web` next to a running API. */
const API_ORIGIN = process.env.VITE_API_ORIGIN ?? 'http://localhost:3000';

/** The script that keeps clicks made before hydration (src/early-clicks.ts): an entry of its own. */
const EARLY_SCRIPT = 'early-clicks';

/**
 * Puts the early script at the top of index.html's head as a classic script: it must run before the
 * server's markup below it can be clicked, which a module script (deferred) would not.
 */
function earlyScript(): Plugin {
  return {
    name: 'vitrine-early-script',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find(
          (out) => out.type === 'chunk' && out.isEntry && out.name === EARLY_SCRIPT,
        );
        if (!chunk) throw new Error(`the ${EARLY_SCRIPT} entry was not built`);
        const charset = '<meta charset="UTF-8" />';
        if (!html.includes(charset)) throw new Error(`index.html has no ${charset}`);
        return html.replace(charset, `${charset}\n    <script src="/${chunk.fileName}"></script>`);
      },
    },
  };
}

/** The route tables the client calls through, derived from the API's contracts (domain/src/endpoints.ts). */
const ENDPOINT_TABLES = new Set(
  ['endpoints', 'endpoints-media', 'endpoints-fair-exposure'].map((name) =>
    fileURLToPath(new URL(`../domain/src/${name}.ts`, import.meta.url)),
  ),
);

/**
 * Bundles each route table as the plain data it evaluates to (every route's method and path): the
 * tables derive it from the contracts, whose zod schemas the browser has no use for. The table is
 * evaluated here, at build time, by Vite's module runner; its functions and types stay behind.
 */
function endpointTables(): Plugin {
  return {
    name: 'vitrine-endpoint-tables',
    enforce: 'pre',
    async load(id) {
      if (!ENDPOINT_TABLES.has(id)) return null;
      const { module } = await runnerImport<Record<string, unknown>>(id, { configFile: false, logLevel: 'warn' });
      return Object.entries(module)
        .filter(([, value]) => typeof value !== 'function')
        .map(([name, value]) => `export const ${name} = ${JSON.stringify(value)};`)
        .join('\n');
    },
  };
}

/**
 * Vite build of the web client into dist/ (the API serves it and fills index.html's placeholders),
 * and, with `--ssr src/entry-server.tsx`, the server renderer into dist-ssr/ (the API imports it).
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    endpointTables(),
    react(),
    tailwindcss(),
    ...(isSsrBuild ? [] : [earlyScript()]),
    // Brotli and gzip files beside every text asset, made once at build time at the highest levels
    // (the plugin's defaults); the API's static server (koa-send) picks one by Accept-Encoding.
    // Kept even for a tiny file where they save nothing, so every asset has both.
    ...(isSsrBuild
      ? []
      : [compression({ algorithms: ['brotliCompress', 'gzip'], exclude: [/\.map$/], skipIfLargerOrEqual: false })]),
  ],
  // The server renderer carries every package it uses (React, the router, icons, Ark UI...): production
  // installs the api's and the worker's dependencies only, never the web client's (docs/operations.md
  // "The production image").
  ...(isSsrBuild ? { ssr: { noExternal: true } } : {}),
  server: {
    proxy: {
      '/api': { target: API_ORIGIN, changeOrigin: false },
      '/socket.io': { target: API_ORIGIN, ws: true, changeOrigin: false },
    },
  },
  build: isSsrBuild
    ? // Older files stay here too: a running API imports lazily loaded chunks of its renderer.
      { outDir: 'dist-ssr', emptyOutDir: false, sourcemap: true }
    : {
        outDir: 'dist',
        // Keep older hashed files: a running server (or an open tab) whose HTML still names them keeps
        // working while someone rebuilds, and lazily loaded chunks of the previous build stay loadable.
        emptyOutDir: false,
        sourcemap: true,
        // .vite/manifest.json names this build's files (old ones stay, see above): the e2e checks and
        // the JavaScript budget read it.
        manifest: true,
        // The one chunk past Vite's default 500 kB is zxcvbn's dictionaries (1.7 MB minified), loaded on
        // the first character typed into a new-password field; what pages download up front is held by
        // the JavaScript budgets (scripts/budgets), which fail the build.
        chunkSizeWarningLimit: 2000,
        rolldownOptions: {
          input: {
            index: fileURLToPath(new URL('./index.html', import.meta.url)),
            [EARLY_SCRIPT]: fileURLToPath(new URL(`./src/${EARLY_SCRIPT}.ts`, import.meta.url)),
          },
          output: { codeSplitting: { groups: applicationChunks() } },
        },
      },
}));
