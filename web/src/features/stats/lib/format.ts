import { DIRECT_SOURCE, OTHER_SOURCE, type VoteReason } from '@vitrine/domain/stats';
import { VOTE_WEIGHTS } from '@vitrine/domain/rankings';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A UTC day (YYYY-MM-DD) as the tab shows it: 'Nov 28'. */
export function dayLabel(date: string): string {
  const [, month, day] = date.split('-').map(Number);
  return `${MONTHS[month! - 1]} ${day}`;
}

/** A count with thousands separators; a weight with at most two decimals. */
export const count = (n: number) => n.toLocaleString('en');
export const weight = (n: number) => n.toLocaleString('en', { maximumFractionDigits: 2 });
/** A share as a percentage with one decimal ('12.5%'), or a dash when there is nothing to divide. */
export const percent = (share: number | null) =>
  share === null ? '–' : `${(share * 100).toLocaleString('en', { maximumFractionDigits: 1 })}%`;

/** How a source reads: the two the server names in parentheses get words. */
export function sourceLabel(source: string): string {
  if (source === DIRECT_SOURCE) return 'Direct or unknown';
  if (source === OTHER_SOURCE) return 'Other sources';
  return source;
}

/** Why a vote weighs what it does, in words, with the weight it carries. */
export const REASONS: Record<VoteReason, { label: string; why: string }> = {
  standing: {
    label: 'Members with standing',
    why: `an account 7 days old that took part: weighs ${VOTE_WEIGHTS.standing}`,
  },
  tester: { label: 'Testers', why: `gave feedback on this project: weighs ${VOTE_WEIGHTS.tester}` },
  newMember: { label: 'Fresh accounts', why: `members without standing yet: weigh ${VOTE_WEIGHTS.newMember}` },
  clickedVisitor: {
    label: 'Visitors who opened the project',
    why: `signed-out, came through the project's link: weigh ${VOTE_WEIGHTS.clickedVisitor}`,
  },
  visitor: { label: 'Visitors', why: `signed-out: weigh ${VOTE_WEIGHTS.visitor}` },
  ring: { label: 'Held: suspected ring', why: 'held by the integrity scan until an admin decides: weigh 0' },
};
