// typescript-eslint needs TypeScript's JS API, which TypeScript 7 (the repo's compiler) no longer ships:
// https://github.com/typescript-eslint/typescript-eslint/issues/10940. This workspace installs
// typescript ~6.0 next to typescript-eslint (npm nests it, since the root holds 7), but npm hoists
// ts-api-utils to the root, where `require('typescript')` would find 7. Point that one request at 6.
// Imported first by plugins.js, so it runs before typescript-eslint loads. Remove once
// typescript-eslint supports TypeScript 7.
import Module, { createRequire } from 'node:module';
import { sep } from 'node:path';

const TYPESCRIPT_6 = createRequire(import.meta.url).resolve('typescript');
const HOISTED_USER = `${sep}node_modules${sep}ts-api-utils${sep}`;
const resolveFilename = Module._resolveFilename;

Module._resolveFilename = function resolveTypescript6(request, parent, ...rest) {
  if (request === 'typescript' && parent?.filename?.includes(HOISTED_USER)) return TYPESCRIPT_6;
  return resolveFilename.call(this, request, parent, ...rest);
};
