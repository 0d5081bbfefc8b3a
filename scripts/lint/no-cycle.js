/**
 * `vitrine/no-cycle`: no module of ours imports a module that leads back to it, counting every kind of
 * import: `import type` and `import('...')` included. import-x/no-cycle skips type-only imports, so a
 * type shared by two modules that import each other passes there; here it fails, and the type moves to
 * the module it belongs to (the lower one). Imports resolve as TypeScript resolves them (the
 * workspaces' package exports included); packages in node_modules and declaration files are leaves.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const OPTIONS = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowImportingTsExtensions: true,
  resolveJsonModule: true,
  jsx: ts.JsxEmit.ReactJSX,
};
const resolutionCache = ts.createModuleResolutionCache(process.cwd(), (name) => name, OPTIONS);
/** Every file's own modules it imports, read once per process. */
const importsOf = new Map();
/** Every module reachable from a module, found once per process. */
const reachableFrom = new Map();

/** The file `specifier` names from `file`, or null when it is not a source module of ours. */
function resolve(specifier, file) {
  const { resolvedModule } = ts.resolveModuleName(specifier, file, OPTIONS, ts.sys, resolutionCache);
  const resolved = resolvedModule?.resolvedFileName;
  if (!resolved || resolved.endsWith('.d.ts') || resolved.includes(`${path.sep}node_modules${path.sep}`)) return null;
  if (!/\.(ts|tsx|js|jsx|mts)$/.test(resolved)) return null;
  return path.resolve(resolved);
}

function dependencies(file) {
  let deps = importsOf.get(file);
  if (deps) return deps;
  deps = new Set();
  importsOf.set(file, deps);
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return deps;
  }
  for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
    const target = resolve(fileName, file);
    if (target && target !== file) deps.add(target);
  }
  return deps;
}

/** The modules `start` leads to, with the module each was first reached from. */
function reachable(start) {
  let found = reachableFrom.get(start);
  if (found) return found;
  found = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const next = queue.shift();
    for (const dep of dependencies(next)) {
      if (found.has(dep)) continue;
      found.set(dep, next);
      queue.push(dep);
    }
  }
  reachableFrom.set(start, found);
  return found;
}

/** @type {import('eslint').Rule.RuleModule} */
export const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles between our modules, type-only imports included.' },
    schema: [],
    messages: { cycle: 'Import cycle (type-only imports count): {{route}}. Move what both need to the lower module.' },
  },
  create(context) {
    const file = path.resolve(context.physicalFilename);
    if (!/\.(ts|tsx)$/.test(file)) return {};
    const root = context.cwd;
    const check = (source) => {
      if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
      const target = resolve(source.value, file);
      if (!target || target === file) return;
      const found = reachable(target);
      if (!found.has(file)) return;
      // found maps each module to the one it was reached from: walk back from this file to the target.
      const back = [];
      for (let at = found.get(file); at !== null; at = found.get(at)) back.push(at);
      const route = [file, ...back.reverse(), file].map((f) => path.relative(root, f));
      context.report({ node: source, messageId: 'cycle', data: { route: route.join(' -> ') } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};
