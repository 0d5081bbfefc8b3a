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

/**
 * Calls `gone` once when our parent is no longer `parentPid` (it died and we were adopted), or when
 * the IPC pipe to it closes. The checks never keep the process alive.
 */
export function onParentGone(parentPid: number, gone: () => void): void {
  let called = false;
  const once = () => {
    if (called) return;
    called = true;
    clearInterval(timer);
    gone();
  };
  const timer = setInterval(() => {
    if (process.ppid !== parentPid) once();
  }, PARENT_CHECK_MS);
  timer.unref();
  if (process.channel) {
    process.once('disconnect', once);
    // The pipe is only a parent-death signal: it must not keep an otherwise finished process alive.
    process.channel.unref();
  }
  if (process.ppid !== parentPid) once();
}

const supervisorPid = Number(process.env[SUPERVISOR_PID_ENV]);
if (Number.isSafeInteger(supervisorPid) && supervisorPid > 0) {
  onParentGone(supervisorPid, () => {
    setTimeout(() => process.exit(1), ORPHAN_GRACE_MS).unref();
    process.kill(process.pid, 'SIGTERM');
  });
}
