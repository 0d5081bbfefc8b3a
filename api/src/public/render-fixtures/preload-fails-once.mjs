// A preload (`--import`) that fails in the first render thread to run it, before piscina's own worker
// starts, as a preload the thread cannot load does: piscina then emits `error` on the pool, with the
// task still waiting. The flag file named by RENDER_FIXTURE_FLAG marks that it failed once.
import { existsSync, writeFileSync } from 'node:fs';

const flag = process.env.RENDER_FIXTURE_FLAG;
if (flag && !existsSync(flag)) {
  writeFileSync(flag, 'failed once');
  throw new Error('this render thread cannot load its preload');
}
