import { useId, useState } from 'react';
import { ShieldAlert } from 'lucide-react';
import type { IntegrityCluster } from '@vitrine/domain/answers';
import type { ClusterStatus } from '@vitrine/domain/schemas/integrity';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState, ErrorState } from '../../../components/ui/empty-state';
import { Label, Textarea } from '../../../components/ui/field';
import { TabPanel, Tabs } from '../../../components/ui/tabs';
import { useToastedAction } from '../../../hooks/use-toasted-action';
import { formatRelative } from '../../../lib/format';
import { failureReason } from '../../../lib/reason';
import { useIntegrityActions, useIntegrityClusters } from '../api/use-integrity-clusters';
import { TableSkeleton } from './data-table';
import { Section } from './section';

const SIGNAL_LABELS: Record<IntegrityCluster['signal'], string> = {
  network: 'New accounts, one network',
  sameVotes: 'Near-identical votes',
  visitorBurst: 'Visitor flood',
  impressions: 'Impression flood',
};

/** A cluster's evidence: accounts, projects and the timeline of its held votes. */
function Evidence({ cluster }: { cluster: IntegrityCluster }) {
  return (
    <div className="grid gap-4 text-sm sm:grid-cols-2">
      <div>
        <h4 className="font-medium text-zinc-900 dark:text-zinc-100">Accounts ({cluster.accounts.length})</h4>
        {cluster.accounts.length === 0 ? (
          <p className="text-zinc-600 dark:text-zinc-400">Visitors only</p>
        ) : (
          <ul className="mt-1 space-y-0.5">
            {cluster.accounts.map((a) => (
              <li key={a.id} className="break-words">
                {a.username} · made {formatRelative(a.createdAt)} · {a.network ?? 'network unknown'}
                {a.isPaused ? ' · paused' : ''}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <h4 className="font-medium text-zinc-900 dark:text-zinc-100">Projects</h4>
        <ul className="mt-1 space-y-0.5">
          {cluster.projects.map((p) => (
            <li key={p.id} className="break-words">
              {p.title} · <span className="tabular">{p.votes}</span> held votes
            </li>
          ))}
        </ul>
      </div>
      <details className="sm:col-span-2">
        <summary className="cursor-pointer font-medium text-zinc-900 dark:text-zinc-100">
          Timeline of {cluster.voteCount} votes
        </summary>
        <ol className="mt-1 space-y-0.5">
          {cluster.timeline.map((v, i) => (
            <li key={i} className="break-words">
              {formatRelative(v.createdAt)}: {v.username ?? 'a visitor'} from {v.network ?? 'an unknown network'} voted
              for {v.projectTitle}
            </li>
          ))}
        </ol>
      </details>
    </div>
  );
}

/** Confirm or clear an open cluster, with the reason kept on it. */
function Decision({ cluster }: { cluster: IntegrityCluster }) {
  const [reason, setReason] = useState('');
  const id = useId();
  const actions = useIntegrityActions();
  const { busy, run } = useToastedAction();
  const decide = (status: 'confirmed' | 'cleared') =>
    void run(status, () => actions.decide(cluster.id, status, reason), {
      success: {
        title: status === 'confirmed' ? 'Ring confirmed' : 'Cluster cleared',
        description:
          status === 'confirmed' ? 'Its votes stay void and its accounts are paused.' : 'Its votes count again.',
      },
      failure: (err) => ({ title: 'Decision failed', description: failureReason(err) }),
    });
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>Reason</Label>
      <Textarea id={id} value={reason} maxLength={500} rows={2} onChange={(e) => setReason(e.target.value)} />
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => decide('confirmed')} loading={busy === 'confirmed'} disabled={busy !== null}>
          Confirm ring
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => decide('cleared')}
          loading={busy === 'cleared'}
          disabled={busy !== null}
        >
          Clear
        </Button>
      </div>
    </div>
  );
}

/** One cluster as a card. */
function ClusterCard({ cluster }: { cluster: IntegrityCluster }) {
  return (
    <li
      className="space-y-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800"
      aria-label={`Cluster ${cluster.id}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge color="yellow">{SIGNAL_LABELS[cluster.signal]}</Badge>
        <span className="text-xs text-zinc-600 dark:text-zinc-400">found {formatRelative(cluster.createdAt)}</span>
      </div>
      <p className="text-sm text-zinc-900 dark:text-zinc-100">{cluster.summary}</p>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">Networks: {cluster.networks.join(', ') || 'unknown'}</p>
      <Evidence cluster={cluster} />
      {cluster.status === 'open' ? (
        <Decision cluster={cluster} />
      ) : (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          {cluster.status === 'confirmed' ? 'Confirmed' : 'Cleared'}: {cluster.reason}
        </p>
      )}
    </li>
  );
}

/** The clusters of one status. */
function ClusterList({ status }: { status: ClusterStatus }) {
  const { data, error, mutate } = useIntegrityClusters(status);
  if (error)
    return (
      <ErrorState
        icon={ShieldAlert}
        title="Could not load clusters"
        description="Check your connection and try again."
        onRetry={() => void mutate()}
      />
    );
  if (!data) return <TableSkeleton rows={3} label="Loading clusters" />;
  if (data.length === 0) return <EmptyState icon={ShieldAlert} title={`No ${status} clusters`} />;
  return (
    <ul className="space-y-4">
      {data.map((cluster) => (
        <ClusterCard key={cluster.id} cluster={cluster} />
      ))}
    </ul>
  );
}

/** The Integrity tab: suspected vote rings, held at weight 0 until an admin confirms or clears them. */
export function IntegrityTab() {
  const [status, setStatus] = useState<ClusterStatus>('open');
  return (
    <Section
      title="Integrity"
      description="Suspected vote rings. Their votes weigh nothing until you confirm (votes void, accounts paused) or clear them."
    >
      <Tabs<ClusterStatus>
        label="Cluster status"
        value={status}
        onValueChange={setStatus}
        items={[
          { value: 'open', label: 'Open' },
          { value: 'confirmed', label: 'Confirmed' },
          { value: 'cleared', label: 'Cleared' },
        ]}
      >
        {(['open', 'confirmed', 'cleared'] as const).map((s) => (
          <TabPanel key={s} value={s}>
            {status === s ? <ClusterList status={s} /> : null}
          </TabPanel>
        ))}
      </Tabs>
    </Section>
  );
}
