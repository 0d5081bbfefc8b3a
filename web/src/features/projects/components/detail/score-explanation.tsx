import { useApi } from '../../../../hooks/use-api';
import type { ProjectScore } from '@vitrine/domain/answers';
import { VOTE_WEIGHTS } from '@vitrine/domain/rankings';
import { apiKey, endpoints } from '../../../../lib/api';

/** Labels of the kinds of votes, as the score lists them. */
const KIND_LABELS: Record<keyof ProjectScore['byKind'], string> = {
  standing: 'Members with standing',
  newMember: 'Newer members',
  tester: 'Testers who gave feedback',
  visitor: 'Visitors',
  clickedVisitor: 'Visitors who opened the project',
  flagged: 'Held for review',
};

const number = (n: number) => n.toLocaleString('en', { maximumFractionDigits: 2 });

/** The explained score of a project (GET /api/projects/{id}/score): votes by kind, weights, trending and places. */
export function ScoreExplanation({ projectId }: { projectId: number }) {
  const { data, error } = useApi(apiKey(endpoints.integrity.score, { params: { id: projectId } }));
  if (error) return <p className="px-4 pb-4 text-sm text-red-700 dark:text-red-400">Could not load the score.</p>;
  if (!data) return <p className="px-4 pb-4 text-sm text-zinc-600 dark:text-zinc-400">Loading…</p>;
  const kinds = Object.keys(KIND_LABELS) as Array<keyof ProjectScore['byKind']>;
  return (
    <div className="space-y-3 px-4 pb-4 text-sm text-zinc-700 dark:text-zinc-300">
      <p>
        <span className="tabular font-semibold">{number(data.votes)}</span> votes weigh{' '}
        <span className="tabular font-semibold">{number(data.weightedVotes)}</span>: the Leaderboard ranks by weight
        {data.leaderboardRank === null ? '.' : `, where this project is #${data.leaderboardRank}.`}
      </p>
      <table className="w-full text-left">
        <caption className="sr-only">Votes by kind and their weight</caption>
        <thead className="text-xs text-zinc-500 dark:text-zinc-400">
          <tr>
            <th scope="col" className="py-1 font-medium">
              Kind
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Votes
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Weight
            </th>
          </tr>
        </thead>
        <tbody>
          {kinds.map((kind) => (
            <tr key={kind} className="border-t border-zinc-100 dark:border-zinc-800">
              <th scope="row" className="py-1 font-normal">
                {KIND_LABELS[kind]}
              </th>
              <td className="tabular py-1 text-right">{data.byKind[kind]}</td>
              <td className="tabular py-1 text-right">{kind === 'flagged' ? 0 : VOTE_WEIGHTS[kind]}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        Trending ({data.trending.period}): score <span className="tabular">{number(data.trending.score)}</span> from{' '}
        <span className="tabular">{data.trending.windowVotes}</span> recent votes; a vote weighs half after{' '}
        <span className="tabular">{data.trending.gravity}</span> hours
        {data.trendingRank === null ? '.' : `; #${data.trendingRank} on Trending.`}
      </p>
      <a href="/about/ranking" className="font-medium text-indigo-700 underline dark:text-indigo-300">
        The formula and the weights
      </a>
    </div>
  );
}
