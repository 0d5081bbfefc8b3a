/**
 * The build's JavaScript budget check (run by `npm run build` after `vite build`): fails when the
 * landing or project page downloads more compressed JavaScript than its budget (budgets.ts).
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measure, overBudget, type Manifest } from './budgets';

const dist = fileURLToPath(new URL('../../web/dist', import.meta.url));
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
const sizes = measure(manifest, (file) => statSync(path.join(dist, `${file}.br`)).size);
console.log(
  `JavaScript (brotli): landing ${(sizes.landing / 1024).toFixed(1)} KiB, project page ${(sizes.project / 1024).toFixed(1)} KiB`,
);
const failures = overBudget(sizes);
for (const failure of failures) console.error(`Budget exceeded: ${failure}`);
if (failures.length > 0) process.exit(1);
