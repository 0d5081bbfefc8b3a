// ESLint flat config: typescript-eslint, react-hooks, and the dependency table of docs/architecture.md
// as import-x `no-restricted-paths` zones plus `vitrine/no-cycle` (type-only imports count). `npm run lint`.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  defineConfig,
  js,
  globals,
  tseslint,
  reactHooks,
  importX,
  createNodeResolver,
  prettierConfig,
  vitrine,
} from '@vitrine/lint/plugins';

const ROOT = fileURLToPath(new URL('.', import.meta.url));

/** The workspaces that ship code. scripts/ and test tooling may import anything. */
const WORKSPACES = ['domain', 'db', 'runtime', 'api', 'worker', 'web'];

/**
 * Which of our workspaces each one may import (docs/architecture.md's table). runtime/ holds what api and worker
 * share (config, queues and job shapes, the publisher, the live emitter); they never import each other.
 */
const MAY_IMPORT = {
  domain: [],
  db: ['domain'],
  runtime: ['domain', 'db'],
  api: ['domain', 'db', 'runtime'],
  worker: ['domain', 'db', 'runtime'],
  web: ['domain'],
};

/** web/src layers, top first: a layer imports only the layers below it (the last ones share a level). */
const WEB_LAYERS = [['app'], ['pages'], ['features'], ['components', 'hooks', 'lib', 'stores']];

/** The web features; each is a folder under web/src/features and never imports another. */
const WEB_FEATURES = readdirSync(`${ROOT}web/src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** A workspace's code: web's is web/src (web/e2e is test tooling); runtime may not exist yet. */
const codeOf = (workspace) => (workspace === 'web' ? './web/src' : `./${workspace}`);

/** One zone per workspace: everything of ours that its row of MAY_IMPORT does not list. */
const workspaceZones = (mayImport) =>
  WORKSPACES.map((workspace) => ({
    target: codeOf(workspace),
    from: [
      ...WORKSPACES.filter((other) => other !== workspace && !mayImport[workspace].includes(other)),
      'scripts',
    ].map(codeOf),
    message: `${workspace}/ may import ${mayImport[workspace].join(', ') || 'nothing of ours'} (docs/architecture.md).`,
  }));

/** Each web layer may not import the layers above it. */
const layerZones = WEB_LAYERS.slice(1).flatMap((level, index) =>
  level.map((layer) => ({
    target: `./web/src/${layer}`,
    from: WEB_LAYERS.slice(0, index + 1)
      .flat()
      .map((upper) => `./web/src/${upper}`),
    message: `web/src/${layer} sits below ${WEB_LAYERS.slice(0, index + 1)
      .flat()
      .join(', ')}: import downward only.`,
  })),
);

/** A feature imports shared code, never another feature. */
const featureZones = WEB_FEATURES.map((feature) => ({
  target: `./web/src/features/${feature}`,
  from: './web/src/features',
  except: [`./${feature}`],
  message: 'Features never import each other: move what they share to components/, hooks/ or lib/.',
}));

/**
 * Tests may drive a sibling deployable: a worker test makes an API to cause the events it handles, and a
 * web test talks to a real Socket.IO server. So in *.test.ts(x) api <-> worker and web -> api, db are
 * allowed; the layer and feature rules hold for tests too.
 */
const TEST_MAY_IMPORT = {
  ...MAY_IMPORT,
  api: [...MAY_IMPORT.api, 'worker'],
  worker: [...MAY_IMPORT.worker, 'api'],
  web: [...MAY_IMPORT.web, 'db', 'runtime', 'api'],
};

/** The longest a web component may be, in lines (blank lines and comments count). */
const COMPONENT_MAX_LINES = 80;

/**
 * The longest a server function (api, db, runtime, worker) may be, in lines of its own code: blank lines
 * and comments do not count, nor do the functions nested in it, which are measured on their own
 * (scripts/lint/max-function-lines.js). Measured when set: the longest were 80, 62, 60 and 57 lines.
 */
const SERVER_FUNCTION_MAX_LINES = 60;
const SERVER_CODE = ['api/src/**/*.ts', 'db/src/**/*.ts', 'runtime/src/**/*.ts', 'worker/src/**/*.{ts,tsx}'];

const TS_FILES = ['**/*.{ts,tsx}'];
const TEST_FILES = ['**/*.test.{ts,tsx}'];

/** no-restricted-paths options for a set of zones, resolved against the repo root. */
const restrictedPaths = (zones) => ['error', { basePath: ROOT, zones }];

/**
 * Browser-loaded code takes zod from domain/src/zod.ts, which sets jitless before any schema exists (a
 * strict CSP reports zod's `new Function` probe otherwise). Every config that restricts imports of web
 * code lists it, as a later config's list replaces an earlier one's.
 */
const ZOD_IMPORT = {
  name: 'zod',
  message: "Import { z } from '@vitrine/domain/zod' (domain: '../zod'), which sets jitless first.",
  allowTypeImports: true,
};

/** no-restricted-syntax options refusing a string or template that starts with /api/, with `message`. */
const literalApiUrls = (message) => [
  'error',
  ...['Literal[value=/^\\/api\\//]', 'TemplateLiteral > TemplateElement:first-child[value.raw=/^\\/api\\//]'].map(
    (selector) => ({ selector, message }),
  ),
];

export default defineConfig(
  // Build output (dist/ is the compiled server, which `npm start` writes) is not linted.
  { ignores: ['dist/', 'web/dist/', 'web/dist-ssr/', '.data/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  {
    files: TS_FILES,
    extends: [tseslint.configs.recommended],
    rules: { '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }] },
  },
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'import-x': importX, vitrine },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'], conditionNames: ['import', 'default'] }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': restrictedPaths([...workspaceZones(MAY_IMPORT), ...layerZones, ...featureZones]),
      // import-x/no-cycle skips type-only imports; vitrine/no-cycle counts them (scripts/lint/no-cycle.js).
      'vitrine/no-cycle': 'error',
    },
  },
  {
    files: TEST_FILES,
    rules: {
      'import-x/no-restricted-paths': restrictedPaths([
        ...workspaceZones(TEST_MAY_IMPORT),
        ...layerZones,
        ...featureZones,
      ]),
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    extends: [reactHooks.configs.flat.recommended],
  },
  {
    // A component longer than this is split into named parts.
    files: ['web/src/**/*.tsx'],
    rules: { 'max-lines-per-function': ['error', { max: COMPONENT_MAX_LINES }] },
  },
  {
    // A server function longer than this is split into named parts. Tests and their helpers are exempt.
    files: SERVER_CODE,
    ignores: [...TEST_FILES, '**/testing.ts'],
    rules: { 'vitrine/max-function-lines': ['error', { max: SERVER_FUNCTION_MAX_LINES }] },
  },
  {
    // Browser-loaded code takes zod from domain/src/zod.ts, which sets jitless before any schema exists
    // (a strict CSP reports zod's `new Function` probe otherwise).
    files: ['domain/src/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    ignores: ['domain/src/zod.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [ZOD_IMPORT],
        },
      ],
    },
  },
  {
    // The web calls the API through its one typed client (web/src/lib/api.ts: callApi, apiKey); no other
    // module writes an /api/ URL. Tests may spell out the URLs the client builds.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/lib/api.ts', ...TEST_FILES],
    rules: {
      'no-restricted-syntax': literalApiUrls(
        'Call the API through web/src/lib/api.ts (callApi, apiKey with an endpoint), not a literal /api/ URL.',
      ),
    },
  },
  {
    // API tests name the route they call (api/src/testing.ts call, callLoosely) instead of writing its
    // URL. The files listed test the URL itself (the OpenAPI document's paths, logged and cached paths,
    // Link headers, contracts a test declares, path parsing); elsewhere a literal the test is about is
    // marked where it stands.
    files: ['api/src/**/*.test.ts'],
    ignores: [
      'api/src/openapi.test.ts',
      'api/src/middleware/request-log.test.ts',
      'api/src/cache/front.test.ts',
      'api/src/routes/paging.test.ts',
      'api/src/contracts/pipeline.test.ts',
      'api/src/strict-ids.test.ts',
      'api/src/built-client.test.ts',
      'api/src/metrics.test.ts',
    ],
    rules: {
      'no-restricted-syntax': literalApiUrls(
        'Call the route through the typed test client (api/src/testing.ts call, callLoosely), not its URL.',
      ),
    },
  },
  {
    // Server code reads the environment through the config module (runtime/src/config.ts: loadConfig,
    // and logSettings for the logger, which may write before the configuration is read).
    files: [...SERVER_CODE, 'domain/src/**/*.ts'],
    ignores: [...TEST_FILES, '**/testing.ts', 'runtime/src/config.ts', 'api/src/public/render-fixtures/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read the environment through runtime/src/config.ts.' },
      ],
    },
  },
  {
    // Every read goes through hooks/use-api.ts (typed by its route's contract) or, for a paged list,
    // hooks/use-list.ts (which follows the Link header): no screen calls SWR's reader with a type of its own.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/hooks/use-api.ts', 'web/src/hooks/use-list.ts', ...TEST_FILES],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ZOD_IMPORT,
            {
              name: 'swr',
              importNames: ['default'],
              message: 'Read through useApi (hooks/use-api.ts), typed by the route, or useList for a paged list.',
            },
            {
              name: 'swr/infinite',
              importNames: ['default'],
              message: 'A paged list reads through useList (hooks/use-list.ts), which follows the Link header.',
            },
          ],
        },
      ],
    },
  },
  // Formatting is Prettier's (npm run format): turn off the lint rules it would fight.
  prettierConfig,
);
