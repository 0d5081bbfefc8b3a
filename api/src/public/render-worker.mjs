// The entry point of a render thread (render-pool.ts): loads render-tasks.ts through tsx's loader,
// in a namespace of its own, so it works whether or not the process was started with `--import tsx`.
import { register } from 'tsx/esm/api';

const tsx = register({ namespace: 'vitrine-render' });
const tasks = await tsx.import('./render-tasks.ts', import.meta.url);

export default tasks.default;
