import {
  millisecondsInDay as DAY_MS,
  millisecondsInHour as HOUR_MS,
  millisecondsInMinute as MINUTE_MS,
  TRENDING_PERIODS,
} from '@vitrine/domain/constants';
import { RING_RULES, TRENDING_HALF_LIFE_MS, TRENDING_WINDOW_MS, VOTE_WEIGHTS } from '@vitrine/domain/rankings';

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** /about/ranking: the formula and the weights of Trending and the Leaderboard (domain/src/rankings.ts), as HTML. */
export function renderRankingPage(siteName: string): string {
  const weights: Array<[string, number]> = [
    ['A member with standing (an account 7 days old that has voted, rated or submitted)', VOTE_WEIGHTS.standing],
    ['A tester who gave feedback on the project', VOTE_WEIGHTS.tester],
    ['A member without standing yet', VOTE_WEIGHTS.newMember],
    ["A visitor who opened the project through the site's link", VOTE_WEIGHTS.clickedVisitor],
    ['Any other visitor', VOTE_WEIGHTS.visitor],
    ['A vote held for review as part of a suspected ring', 0],
  ];
  const rows = weights.map(([who, w]) => `<tr><td>${escape(who)}</td><td>${w}</td></tr>`).join('');
  const periods = TRENDING_PERIODS.map(
    (p) =>
      `<li>${p}: votes of the last ${TRENDING_WINDOW_MS[p] / HOUR_MS} hours, half-life ${TRENDING_HALF_LIFE_MS[p] / HOUR_MS} hours</li>`,
  ).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>How ranking works · ${escape(siteName)}</title>
<meta name="description" content="How Trending and the Leaderboard rank projects: the formula and the weights.">
<style>body{font-family:system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem;line-height:1.6;color:#18181b;background:#fff}
@media (prefers-color-scheme:dark){body{color:#f4f4f5;background:#09090b}a{color:#a5b4fc}}table{border-collapse:collapse;width:100%}td,th{border-top:1px solid #d4d4d8;padding:.3rem;text-align:left}</style>
</head><body><main><h1>How ranking works</h1>
<p>Every vote counts once in a project's public vote count. For the rankings, each vote weighs what the evidence behind it is worth, decided when it is cast.</p>
<table><caption>The weight of a vote</caption><thead><tr><th scope="col">Who votes</th><th scope="col">Weight</th></tr></thead><tbody>${rows}</tbody></table>
<h2>The Leaderboard</h2><p>Projects rank by the sum of their votes' weights in the range (all time, this month, this week); ties go to more votes, then to the better rating (an average pulled toward 5.5 as if it had 5 more ratings), then to the earlier submission.</p>
<h2>Trending</h2><p>A project's trending score is the sum over the period's votes of weight × 0.5^(age ÷ half-life): a vote counts half after one half-life.</p><ul>${periods}</ul>
<h2>Vote rings</h2><p>Every few minutes the recent votes are checked for rings, over windows that slide with every vote rather than fixed intervals: at least ${RING_RULES.networkAccounts} new accounts made around the same time on one network voting for the same project within ${RING_RULES.voteSpanMs / MINUTE_MS} minutes (an account of that network voting for it within the hour around joins them, whatever its age); at least ${RING_RULES.sameVotesAccounts} accounts that vote for the same little-known projects, in the same order, within hours of each other, over the last ${RING_RULES.coVoteLookbackMs / DAY_MS} days; ${RING_RULES.visitorBurstVotes} or more visitor votes from one network within ${RING_RULES.voteSpanMs / MINUTE_MS} minutes; or ${RING_RULES.impressionBurst} or more views of one new project from one network within ${RING_RULES.voteSpanMs / MINUTE_MS} minutes. Their votes and views weigh nothing while an admin reviews them, who confirms the ring or clears it and gives them their weight back.</p>
<p><a href="/">Back to ${escape(siteName)}</a></p></main></body></html>`;
}
