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
 * Tags that fetch the chunks of lazily loaded `modules` (source paths such as `src/pages/project.tsx`)
 * and of what they import, except what the entry and the application already load:
 * `<link rel="modulepreload">` for scripts (inside `<template id="deferred-modules">`), stylesheets
 * for their CSS. Empty when the manifest is missing.
 */
export function makePreloader(dist: string): (modules: string[]) => string {
  const manifestPath = path.join(dist, '.vite/manifest.json');
  let manifest: Manifest | null | undefined;
  let entryFiles: Set<string> | undefined;

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
    if (!manifest || modules.length === 0) return '';
    const m = manifest;
    // Every page loads the entry and the application it starts, with what they import.
    entryFiles ??= (() => {
      const entries = Object.keys(m).filter((k) => m[k]!.isEntry);
      return closure([...entries, ...entries.flatMap((k) => m[k]!.dynamicImports ?? [])], new Set(), m);
    })();
    const needed = [...closure(modules, new Set(), m)].filter((k) => !entryFiles!.has(k));
    const preloads = needed.map((k) => `<link rel="modulepreload" crossorigin href="/${m[k]!.file}">`);
    const styles = needed.flatMap((k) => (m[k]!.css ?? []).map((css) => `<link rel="stylesheet" crossorigin href="/${css}">`));
    // The scripts are wanted with the application, which starts after the first paint (main.tsx):
    // inert in a template until then, so they do not compete with the page's first paint.
    const tags = [...styles, ...(preloads.length > 0 ? [`<template id="${DEFERRED_MODULES_ID}">${preloads.join('')}</template>`] : [])];
    return tags.join('\n    ');
  };
}
