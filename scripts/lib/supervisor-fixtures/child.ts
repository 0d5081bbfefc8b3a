/**
 * A supervised child for the supervisor's tests: idles until signalled, and prints `ready` once its
 * handlers are in place. With `ignore-sigterm` it shrugs SIGTERM off, so only the supervisor's
 * SIGKILL after the grace period ends it.
 */
if (process.argv.includes('ignore-sigterm')) process.on('SIGTERM', () => {});
console.log('ready');
setInterval(() => {}, 60_000);
