import { fileURLToPath } from 'node:url';
import type { Rolldown } from 'vite';

/** The module main.tsx imports after the first paint: the application (hydration, routes, layout). */
const APPLICATION_MODULE = fileURLToPath(new URL('./src/start.tsx', import.meta.url));
/** The entry (the loader), whose own imports (Vite's preload helper) must stay out of the application's chunk. */
const LOADER_MODULE = fileURLToPath(new URL('./src/main.tsx', import.meta.url));
/** React's own packages and src/react-first.ts: evaluated first, in a task of their own (main.tsx). */
const REACT_PACKAGES = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]|[\\/]web[\\/]src[\\/]react-first\.ts$/;
/** The module main.tsx imports second, to evaluate the libraries' chunk in a task of its own. */
const LIBRARIES_MODULE = fileURLToPath(new URL('./src/libraries-first.ts', import.meta.url));
const NODE_MODULES = /[\\/]node_modules[\\/]/;

/**
 * Chunk groups of the client build. Left to itself rolldown cut the application's static imports
 * into some twenty chunks shared with the lazily loaded pages; the loader appended a
 * `<link rel="modulepreload">` for each at once, and inserting them was one long task on a phone
 * (~130 ms at 4x CPU slowdown in a trace). Three chunks instead, which main.tsx evaluates one per
 * task (a module graph is evaluated in one task however many chunks it spans; the application's
 * was ~90 ms at 4x): React (react, react-dom, scheduler), the other libraries the application imports
 * statically (Ark UI, SWR, zustand, wouter, lucide), and the application's own modules.
 * Lazy pages import what they share with these; they only ever load after the application anyway.
 */
export function applicationChunks(): Rolldown.CodeSplittingGroup[] {
  let application: Set<string> | undefined;
  const inApplication = (id: string, ctx: Rolldown.ChunkingContext): boolean => {
    // The application's static import closure, less the loader's, walked once.
    if (!application) {
      const loader = staticClosure(LOADER_MODULE, ctx);
      application = new Set([...staticClosure(APPLICATION_MODULE, ctx)].filter((m) => !loader.has(m)));
    }
    return application.has(id);
  };
  const inLibraries = (id: string, ctx: Rolldown.ChunkingContext) =>
    id === LIBRARIES_MODULE || (NODE_MODULES.test(id) && inApplication(id, ctx));
  return [
    { name: 'react', test: REACT_PACKAGES, priority: 3 },
    {
      name: (id, ctx) => (inLibraries(id, ctx) ? 'libraries' : null),
      debugName: 'libraries',
      priority: 2,
      includeDependenciesRecursively: false,
    },
    // The name function already captures the whole closure; following dependencies would also pull
    // in the loader's own (Vite's preload helper), and the loader would then import this chunk statically.
    {
      name: (id, ctx) => (inApplication(id, ctx) ? 'start' : null),
      debugName: 'start',
      priority: 1,
      includeDependenciesRecursively: false,
    },
  ];
}

function staticClosure(from: string, ctx: Rolldown.ChunkingContext): Set<string> {
  const closure = new Set<string>();
  const stack = [from];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (closure.has(next)) continue;
    closure.add(next);
    stack.push(...(ctx.getModuleInfo(next)?.importedIds ?? []));
  }
  return closure;
}
