import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const routesDir = path.dirname(fileURLToPath(import.meta.url));
const contractsDir = path.join(routesDir, '../../../domain/src/contracts');
/** Files of domain/src/contracts that hold the contracts' building blocks, not a group of routes. */
const NOT_GROUPS = new Set(['contract.ts', 'inputs.ts', 'params.ts']);

const sources = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

/** docs/architecture.md: a contract of domain/src/contracts/<group>.ts is handled in api/src/routes/<group>.ts. */
describe('where a handler lives', () => {
  it('every contract group has the route file of its name', () => {
    const groups = sources(contractsDir).filter((f) => !NOT_GROUPS.has(f));
    const routeFiles = new Set(sources(routesDir));
    expect(groups.filter((g) => !routeFiles.has(g))).toEqual([]);
  });

  it('a route file imports the contracts of its own group only', () => {
    const strays = sources(routesDir).flatMap((file) => {
      const text = readFileSync(path.join(routesDir, file), 'utf8');
      const groups = [...text.matchAll(/from '@vitrine\/domain\/contracts\/([\w-]+)'/g)].map((m) => m[1]);
      return groups.filter((g) => !NOT_GROUPS.has(`${g}.ts`) && `${g}.ts` !== file).map((g) => `${file} -> ${g}`);
    });
    expect(strays).toEqual([]);
  });
});
