import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURES = new URL('./fixtures/', import.meta.url);
const BOUNDARY_RULE = 'import-x/no-restricted-paths';
/** Loading the config and resolving a fixture's imports (no-cycle walks them) takes a few seconds. */
const LINT_TIMEOUT_MS = 60_000;

/** Each planted fixture, the folder it is linted as if it lived in, and whether the boundary rule fires. */
const CASES = [
  { fixture: 'worker-imports-api', lintAs: 'worker/src', blocked: true },
  { fixture: 'api-imports-worker', lintAs: 'api/src', blocked: true },
  { fixture: 'web-imports-api', lintAs: 'web/src/lib', blocked: true },
  { fixture: 'feature-imports-feature', lintAs: 'web/src/features/admin', blocked: true },
  { fixture: 'feature-imports-app', lintAs: 'web/src/features/admin', blocked: true },
  { fixture: 'worker-imports-db', lintAs: 'worker/src', blocked: false },
  { fixture: 'feature-imports-shared', lintAs: 'web/src/features/admin', blocked: false },
];

/** Lints a fixture's text with the repo's eslint.config.js as if it were a file in `lintAs` (or the file `lintAs` names). */
async function lintFixture(eslint: ESLint, fixture: string, lintAs: string) {
  const text = readFileSync(new URL(`${fixture}.ts.fixture`, FIXTURES), 'utf8');
  const filePath = lintAs.endsWith('.ts') ? `${ROOT}${lintAs}` : `${ROOT}${lintAs}/${fixture}.ts`;
  const [result] = await eslint.lintText(text, { filePath });
  return result.messages;
}

describe('lint boundaries (eslint.config.js)', () => {
  const eslint = new ESLint({ cwd: ROOT });

  it.each(CASES)(
    '$fixture linted in $lintAs: blocked=$blocked',
    { timeout: LINT_TIMEOUT_MS },
    async ({ fixture, lintAs, blocked }) => {
      const messages = await lintFixture(eslint, fixture, lintAs);
      const boundaryErrors = messages.filter((message) => message.ruleId === BOUNDARY_RULE && message.severity === 2);
      if (blocked) {
        expect(boundaryErrors.length).toBeGreaterThan(0);
        expect(boundaryErrors[0].message).toMatch(/imported in restricted zone/);
      } else {
        // An allowed import passes with no message at all.
        expect(messages).toEqual([]);
      }
    },
  );

  it.each([
    { lintAs: 'api/src/commands/ballot-box.ts', cycle: true },
    { lintAs: 'api/src/commands/vote-caster.ts', cycle: false },
  ])(
    'a type-only import back to context.ts, linted as $lintAs: cycle=$cycle',
    { timeout: LINT_TIMEOUT_MS },
    async ({ lintAs, cycle }) => {
      const messages = await lintFixture(eslint, 'type-only-cycle', lintAs);
      const cycles = messages.filter((message) => message.ruleId === 'vitrine/no-cycle' && message.severity === 2);
      if (cycle) {
        expect(cycles).toHaveLength(1);
        expect(cycles[0].message).toContain(
          'api/src/commands/ballot-box.ts -> api/src/context.ts -> api/src/commands/ballot-box.ts',
        );
      } else {
        expect(messages).toEqual([]);
      }
    },
  );
});
