import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** One entry of Vite's build manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * Tags that fetch the chunks of lazily loaded `modules` (source paths such as `src/pages/project.tsx`)
 * and of what they import, except what the entry already loads: `<link rel="modulepreload">` for
 * scripts, stylesheets for their CSS. Empty when the manifest is missing.
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
    entryFiles ??= closure(Object.keys(m).filter((k) => m[k]!.isEntry), new Set(), m);
    const needed = [...closure(modules, new Set(), m)].filter((k) => !entryFiles!.has(k));
    const tags = needed.flatMap((k) => [
      `<link rel="modulepreload" crossorigin href="/${m[k]!.file}">`,
      ...(m[k]!.css ?? []).map((css) => `<link rel="stylesheet" crossorigin href="/${css}">`),
    ]);
    return tags.join('\n    ');
  };
}
