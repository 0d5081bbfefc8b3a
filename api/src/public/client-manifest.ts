import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Id of the <template> holding the page's modulepreload links, which web/src/main.tsx activates. */
export const DEFERRED_MODULES_ID = 'deferred-modules';

/** One entry of Vite's build manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  /** Modules it imports with import(): for the entry, the application it starts (web/src/main.tsx). */
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * Tags that fetch the application the entry starts (its dynamic imports, web/src/main.tsx) and the
 * chunks of lazily loaded `modules` (source paths such as `src/pages/project.tsx`), with what they
 * import, except what the entry itself loads: `<link rel="modulepreload">` for scripts (inside
 * `<template id="deferred-modules">`), stylesheets for the lazy modules' CSS. Empty when the
 * manifest is missing.
 */
export function makePreloader(dist: string): (modules: string[]) => string {
  const manifestPath = path.join(dist, '.vite/manifest.json');
  let manifest: Manifest | null | undefined;
  let entryFiles: Set<string> | undefined;
  let application: Set<string> | undefined;

  const closure = (keys: string[], into: Set<string>, m: Manifest) => {
    for (const key of keys) {
      const chunk = m[key];
      if (!chunk || into.has(key)) continue;
      into.add(key);
      closure(chunk.imports ?? [], into, m);
    }
    return into;
  };

  return (modules) => {
    manifest ??= existsSync(manifestPath) ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest) : null;
    if (!manifest) return '';
    const m = manifest;
    const entries = Object.keys(m).filter((k) => m[k]!.isEntry);
    // The entry's own script tag loads it and its static imports; the application it starts (and
    // the page's lazy chunks) are fetched once it activates the template. The loader evaluates
    // React's chunk and the application in separate tasks (main.tsx): both must be fetching by then.
    entryFiles ??= closure(entries, new Set(), m);
    application ??= closure(
      entries.flatMap((k) => m[k]!.dynamicImports ?? []),
      new Set(),
      m,
    );
    const lazy = [...closure(modules, new Set(), m)].filter((k) => !entryFiles!.has(k) && !application!.has(k));
    const needed = [...application, ...lazy].filter((k) => !entryFiles!.has(k));
    const preloads = needed.map((k) => `<link rel="modulepreload" crossorigin href="/${m[k]!.file}">`);
    // The application's stylesheet is the entry's (index.css); only lazy modules may bring their own.
    const styles = lazy.flatMap((k) =>
      (m[k]!.css ?? []).map((css) => `<link rel="stylesheet" crossorigin href="/${css}">`),
    );
    // The scripts are wanted with the application, which starts after the first paint (main.tsx):
    // inert in a template until then, so they do not compete with the page's first paint.
    const tags = [
      ...styles,
      ...(preloads.length > 0 ? [`<template id="${DEFERRED_MODULES_ID}">${preloads.join('')}</template>`] : []),
    ];
    return tags.join('\n    ');
  };
}
