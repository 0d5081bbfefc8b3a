import { z } from 'zod';

/**
 * zod as every schema of ours imports it (domain and web), configured before any schema exists.
 * `jitless`: zod v4 probes `new Function('')` when its first object schema is built, to compile fast
 * parsers; under our Content-Security-Policy (script-src 'self', no 'unsafe-eval') the browser reports
 * that probe as a CSP violation even though zod catches the throw. Jitless skips the probe and parses
 * with the interpreter, which is fast enough for form and answer sizes. Import `z` from here, never
 * from 'zod' directly, so this runs first.
 */
z.config({ jitless: true });

export { z };
