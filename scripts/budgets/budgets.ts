/** A Vite manifest entry (web/dist/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** JavaScript budgets in bytes, compressed (brotli: what a browser downloads). */
export const BUDGETS = {
  /**
   * The landing page: the entry, the application it starts after the first paint (its dynamic
   * import, web/src/main.tsx) and everything they import statically.
   */
  landing: 120 * 1024,
  /** A project page: the landing's JavaScript plus the project page's chunk and what it imports. */
  project: 130 * 1024,
} as const;

/** The project page's lazily loaded module (app/routes.tsx). */
const PROJECT_PAGE_MODULE = 'src/pages/project.tsx';

function closure(manifest: Manifest, keys: string[], into: Set<string>): Set<string> {
  for (const key of keys) {
    if (into.has(key) || !manifest[key]) continue;
    into.add(key);
    closure(manifest, manifest[key].imports ?? [], into);
  }
  return into;
}

/** Compressed JavaScript of the landing and project pages, from the manifest and a file-size reader. */
export function measure(
  manifest: Manifest,
  compressedSize: (file: string) => number,
): { landing: number; project: number } {
  const entries = Object.keys(manifest).filter((k) => manifest[k]!.isEntry);
  const landing = closure(
    manifest,
    [...entries, ...entries.flatMap((k) => manifest[k]!.dynamicImports ?? [])],
    new Set(),
  );
  const project = closure(manifest, [PROJECT_PAGE_MODULE], new Set(landing));
  const total = (keys: Set<string>) => [...keys].reduce((sum, k) => sum + compressedSize(manifest[k]!.file), 0);
  return { landing: total(landing), project: total(project) };
}

/** The budgets passed, as messages (empty when all hold). */
export function overBudget(sizes: { landing: number; project: number }): string[] {
  return (Object.keys(BUDGETS) as Array<keyof typeof BUDGETS>)
    .filter((page) => sizes[page] > BUDGETS[page])
    .map(
      (page) =>
        `${page} JavaScript is ${(sizes[page] / 1024).toFixed(1)} KiB compressed, over its ${BUDGETS[page] / 1024} KiB budget`,
    );
}
