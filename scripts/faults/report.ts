/** The suite's table (Markdown, so it can be pasted into docs/operations.md) and its targets. */
import { RECOVERY_TARGET_S, type ScenarioResult } from './run';

/** The targets a scenario missed, one line each (empty when it met them all). */
export function missedTargets(r: ScenarioResult): string[] {
  const missed: string[] = [];
  if (r.lost.length) missed.push(`${r.lost.length} acknowledged write(s) lost`);
  if (r.mailsLost) missed.push(`${r.mailsLost} mail(s) lost`);
  if (r.mailsDoubled) missed.push(`${r.mailsDoubled} mail(s) doubled`);
  if (r.crashed.length)
    missed.push(`${r.crashed.length} process(es) crashed: ${r.crashed.map((e) => e.name).join(', ')}`);
  if (r.recoveryS === null) missed.push('requests still failed when the load ended');
  else if (r.recoveryS > RECOVERY_TARGET_S)
    missed.push(`recovery took ${r.recoveryS} s (target ${RECOVERY_TARGET_S} s)`);
  if (r.fiveXXOffTarget) missed.push(`${r.fiveXXOffTarget} 5xx answer(s) that were not a 503 inside the outage window`);
  if (r.noAnswerOffTarget) missed.push(`${r.noAnswerOffTarget} request(s) without an answer`);
  if (r.counters.length) missed.push(`${r.counters.length} project counter(s) differ from their rows`);
  missed.push(...r.missed);
  return missed;
}

/** The results as a Markdown table. */
export function formatTable(results: ScenarioResult[]): string {
  const header = [
    'scenario',
    'requests',
    '5xx',
    'no answer',
    'writes acknowledged',
    'acknowledged writes lost',
    'emails owed',
    'emails lost',
    'emails doubled',
    'recovery s',
    'processes crashed',
  ];
  const rows = results.map((r) => [
    r.scenario,
    String(r.requests),
    r.fiveXX
      ? `${r.fiveXX} (${r.fiveXXOffTarget ? `${r.fiveXXOffTarget} not 503 in the window` : 'all 503 in the window'})`
      : '0',
    String(r.noAnswer),
    String(r.acknowledged),
    String(r.lost.length),
    String(r.mailsOwed),
    String(r.mailsLost),
    String(r.mailsDoubled),
    r.recoveryS === null ? 'not recovered' : String(r.recoveryS),
    String(r.crashed.length),
  ]);
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}
