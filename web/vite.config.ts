import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression } from 'vite-plugin-compression2';
import { applicationChunks } from './chunks.ts';

/** The API (and Socket.IO) the dev server proxies to; `npm run dev -w web` next to a running API. */
const API_ORIGIN = process.env.VITE_API_ORIGIN ?? 'http://localhost:3000';

/**
 * Vite build of the web client into dist/ (the API serves it and fills index.html's placeholders),
 * and, with `--ssr src/entry-server.tsx`, the server renderer into dist-ssr/ (the API imports it).
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
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
        rolldownOptions: { output: { codeSplitting: { groups: applicationChunks() } } },
      },
}));
