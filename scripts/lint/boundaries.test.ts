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

/** Lints a fixture's text with the repo's eslint.config.js as if it were a file in `lintAs`. */
async function lintFixture(eslint: ESLint, fixture: string, lintAs: string) {
  const text = readFileSync(new URL(`${fixture}.ts.fixture`, FIXTURES), 'utf8');
  const [result] = await eslint.lintText(text, { filePath: `${ROOT}${lintAs}/${fixture}.ts` });
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
});

describe('API URLs only in the web client (eslint.config.js no-restricted-syntax)', () => {
  const eslint = new ESLint({ cwd: ROOT });
  /** The API-URL errors of a fixture linted as the file `filePath`. */
  async function apiUrlErrors(fixture: string, filePath: string) {
    const text = readFileSync(new URL(`${fixture}.ts.fixture`, FIXTURES), 'utf8');
    const [result] = await eslint.lintText(text, { filePath: `${ROOT}${filePath}` });
    return result.messages.filter((message) => message.ruleId === 'no-restricted-syntax' && message.severity === 2);
  }

  it('refuses a string or template literal /api/ URL in a web module', { timeout: LINT_TIMEOUT_MS }, async () => {
    const errors = await apiUrlErrors('web-literal-api-url', 'web/src/features/messages/api/keys.ts');
    expect(errors.map((error) => error.line)).toEqual([2, 3]);
    expect(errors[0].message).toMatch(/web\/src\/lib\/api\.ts/);
  });

  it('lets the client module build them', { timeout: LINT_TIMEOUT_MS }, async () => {
    expect(await apiUrlErrors('web-client-api-url', 'web/src/lib/api.ts')).toEqual([]);
    expect(await apiUrlErrors('web-client-api-url', 'web/src/lib/other.ts')).toHaveLength(2);
  });
});
