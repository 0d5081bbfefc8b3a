/**
 * Preloaded (`--import`) into every child of the supervisor: when the supervisor goes away without
 * stopping us (SIGKILL, crash, a closed terminal), we stop too, first gracefully through our own
 * SIGTERM handler, then for good after a grace period. A child never outlives its supervisor.
 *
 * Two signs of its death: the IPC pipe it opened closes (at once), and our parent process id is no
 * longer the supervisor's (checked every second; this also covers a supervisor that died while we
 * were still starting, before the pipe was set up or listened to).
 */

/** The supervisor's process id, set by the supervisor in the child's environment. */
export const SUPERVISOR_PID_ENV = 'VITRINE_SUPERVISOR_PID';
/** How long the child's own SIGTERM shutdown may take once the supervisor is gone. */
const ORPHAN_GRACE_MS = 8_000;
/** How often the parent process id is checked. */
const PARENT_CHECK_MS = 1_000;

const supervisorPid = Number(process.env[SUPERVISOR_PID_ENV]);
let gone = false;

function supervisorGone() {
  if (gone) return;
  gone = true;
  setTimeout(() => process.exit(1), ORPHAN_GRACE_MS).unref();
  process.kill(process.pid, 'SIGTERM');
}

if (Number.isSafeInteger(supervisorPid) && supervisorPid > 0) {
  if (process.channel) {
    process.once('disconnect', supervisorGone);
    // The pipe is only a parent-death signal: it must not keep an otherwise finished process alive.
    process.channel.unref();
  }
  const check = () => {
    if (process.ppid !== supervisorPid) supervisorGone();
  };
  check();
  setInterval(check, PARENT_CHECK_MS).unref();
}
