/**
 * The reader's privacy signals: a request that sends `DNT: 1` or `Sec-GPC: 1` (Global Privacy
 * Control) adds nothing to a project's Stats tab; the public counters (views, the outbound click
 * that weighs a vote) count as they always have. docs/security.md "Project stats".
 */
export function asksNotToTrack(headers: Record<string, string | string[] | undefined>): boolean {
  return headers.dnt === '1' || headers['sec-gpc'] === '1';
}
