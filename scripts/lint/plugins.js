/**
 * The ESLint plugins the root eslint.config.js uses, imported from this workspace so that
 * typescript-eslint and eslint-plugin-import-x resolve the TypeScript 6 JS API installed here
 * (typescript-eslint does not run on TypeScript 7, which the repo typechecks with).
 */
import './typescript6.js';

export { defineConfig } from 'eslint/config';
export { default as js } from '@eslint/js';
export { default as globals } from 'globals';
export { default as tseslint } from 'typescript-eslint';
export { default as reactHooks } from 'eslint-plugin-react-hooks';
export { default as importX, createNodeResolver } from 'eslint-plugin-import-x';
export { default as prettierConfig } from 'eslint-config-prettier';

import { noCycle } from './no-cycle.js';
import { maxFunctionLines } from './max-function-lines.js';
/** Our own rules: `vitrine/no-cycle` (no-cycle.js), `vitrine/max-function-lines` (max-function-lines.js). */
export const vitrine = { rules: { 'no-cycle': noCycle, 'max-function-lines': maxFunctionLines } };
