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

describe('server function length (vitrine/max-function-lines)', () => {
  const eslint = new ESLint({ cwd: ROOT });
  const statements = (n: number) => Array.from({ length: n }, (_, i) => `  total += ${i};`).join('\n');
  /** A function of `n` statements plus its own three lines (header, let, return and closing brace). */
  const longFunction = (n: number) =>
    `export function long(): number {\n  let total = 0;\n${statements(n)}\n  return total;\n}\n`;
  /** A factory of ten 20-line methods: 200 lines in all, but no function with more than 22 of its own. */
  const factory = `export function makeQueries() {\n  return {\n${Array.from(
    { length: 10 },
    (_, m) =>
      `    // method ${m}\n    method${m}(): number {\n      let total = 0;\n${statements(20)}\n      return total;\n    },`,
  ).join('\n')}\n  };\n}\n`;
  const lengthErrors = async (text: string, lintAs: string) => {
    const [result] = await eslint.lintText(text, { filePath: `${ROOT}${lintAs}` });
    return result.messages.filter((message) => message.ruleId === 'vitrine/max-function-lines');
  };

  it.each([
    { what: '61 lines of own code in db/', text: longFunction(57), lintAs: 'db/src/queries/planted.ts', errors: 1 },
    { what: '60 lines of own code in worker/', text: longFunction(56), lintAs: 'worker/src/planted.ts', errors: 0 },
    { what: 'a factory of short methods in api/', text: factory, lintAs: 'api/src/planted.ts', errors: 0 },
    { what: '61 lines in a test file', text: longFunction(57), lintAs: 'db/src/queries/planted.test.ts', errors: 0 },
  ])('$what: $errors error(s)', { timeout: LINT_TIMEOUT_MS }, async ({ text, lintAs, errors }) => {
    expect(await lengthErrors(text, lintAs)).toHaveLength(errors);
  });
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

describe('reads and the environment through their one module (eslint.config.js)', () => {
  const eslint = new ESLint({ cwd: ROOT });
  /** The errors of `rule` of a fixture linted as the file `filePath`. */
  async function errorsOf(fixture: string, filePath: string, rule: string) {
    const text = readFileSync(new URL(`${fixture}.ts.fixture`, FIXTURES), 'utf8');
    const [result] = await eslint.lintText(text, { filePath: `${ROOT}${filePath}` });
    return result.messages.filter((message) => message.ruleId === rule && message.severity === 2);
  }

  it('refuses SWR readers outside hooks/use-api.ts and hooks/use-list.ts', { timeout: LINT_TIMEOUT_MS }, async () => {
    const errors = await errorsOf('web-retyped-read', 'web/src/features/messages/api/x.ts', 'no-restricted-imports');
    expect(errors.map((error) => error.line)).toEqual([1, 2]);
    expect(await errorsOf('web-retyped-read', 'web/src/hooks/use-list.ts', 'no-restricted-imports')).toEqual([]);
  });

  it('refuses process.env in server code but the config module', { timeout: LINT_TIMEOUT_MS }, async () => {
    const rule = 'no-restricted-properties';
    expect(await errorsOf('server-env-read', 'api/src/x.ts', rule)).toHaveLength(1);
    expect(await errorsOf('server-env-read', 'runtime/src/logger.ts', rule)).toHaveLength(1);
    expect(await errorsOf('server-env-read', 'runtime/src/config.ts', rule)).toEqual([]);
  });
});
