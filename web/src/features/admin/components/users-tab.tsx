import { useState } from 'react';
import { Link } from 'wouter';
import { AlertTriangle, Users } from 'lucide-react';
import type { AdminUser } from '@vitrine/domain/types';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState, ErrorState } from '../../../components/ui/empty-state';
import { SearchBox } from '../../../components/ui/search-box';
import { toast } from '../../../components/ui/toast';
import { formatDate } from '../../../lib/format';
import { useAdminUserActions, useAdminUsers } from '../api/use-admin-users';
import { failureReason as reason } from '../../../lib/reason';
import { deleteUserConfirmation, userRowActions } from '../lib/rules';
import { ConfirmDialog, type Confirmation } from './confirm-dialog';
import { DataTable, TableSkeleton, type Column } from './data-table';
import { DANGER_OUTLINE, Section } from './section';

/** Admin / User, plus Paused. */
function StatusBadges({ user }: { user: AdminUser }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      {user.isAdmin ? <Badge color="purple">Admin</Badge> : <Badge color="grey">User</Badge>}
      {user.isPaused ? <Badge color="yellow">Paused</Badge> : null}
    </span>
  );
}

/**
 * The Users tab ('Users Management', spec §2): ID, Username, Email, Joined, status, and Contact,
 * Make/Remove Admin (not oneself), Pause/Unpause (not admins), Delete (not oneself, confirmed).
 */
export function UsersTab({ meId, onContact }: { meId: number; onContact: (user: AdminUser) => void }) {
  const [q, setQ] = useState('');
  const { data, error, isLoading, mutate } = useAdminUsers(q);
  const actions = useAdminUserActions();
  const [busy, setBusy] = useState<string | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);

  const run = async (key: string, work: () => Promise<void>) => {
    setBusy(key);
    try {
      await work();
    } finally {
      setBusy(null);
    }
  };

  const toggleAdmin = (user: AdminUser) =>
    run(`admin-${user.id}`, async () => {
      try {
        await actions.setAdmin(user.id, !user.isAdmin);
        toast({ title: 'User admin status updated successfully' });
      } catch (err) {
        toast({ title: 'Error', description: `Failed to update user admin status: ${reason(err)}`, variant: 'destructive' });
      }
    });

  const togglePause = (user: AdminUser) =>
    run(`pause-${user.id}`, async () => {
      try {
        await actions.setPaused(user.id, !user.isPaused);
        toast({ title: 'User pause status updated successfully' });
      } catch (err) {
        toast({ title: 'Error', description: `Failed to update user pause status: ${reason(err)}`, variant: 'destructive' });
      }
    });

  const askDelete = (user: AdminUser) =>
    setConfirmation({
      title: 'Delete user',
      message: deleteUserConfirmation(user.username),
      confirmLabel: 'Delete',
      onConfirm: async () => {
        try {
          await actions.remove(user.id);
          toast({ title: 'User deleted successfully' });
        } catch (err) {
          toast({ title: 'Error', description: `Failed to delete user: ${reason(err)}`, variant: 'destructive' });
        }
      },
    });

  const columns: Column<AdminUser>[] = [
    { header: 'ID', cell: (u) => <span className="tabular text-zinc-500 dark:text-zinc-400">{u.id}</span>, className: 'w-14' },
    {
      header: 'Username',
      hideOnPhone: true,
      cell: (u) => (
        <Link href={`/users/${encodeURIComponent(u.username)}`} className="font-medium text-zinc-900 hover:underline dark:text-zinc-100">
          {u.username}
        </Link>
      ),
    },
    { header: 'Email', cell: (u) => <span className="md:whitespace-nowrap [overflow-wrap:anywhere]">{u.email || '-'}</span> },
    { header: 'Joined', cell: (u) => <span className="whitespace-nowrap">{formatDate(u.createdAt)}</span> },
    { header: 'Status', cell: (u) => <StatusBadges user={u} /> },
  ];

  const rowActions = (u: AdminUser) => {
    const allowed = userRowActions(u, meId);
    const self = u.id === meId;
    return (
      <>
        <Button size="sm" variant="outline" onClick={() => onContact(u)} disabled={self} aria-label={`Contact ${u.username}`}>
          Contact
        </Button>
        <Button size="sm" variant="outline" onClick={() => void toggleAdmin(u)} disabled={!allowed.toggleAdmin} loading={busy === `admin-${u.id}`}>
          {u.isAdmin ? 'Remove Admin' : 'Make Admin'}
        </Button>
        <Button size="sm" variant="outline" onClick={() => void togglePause(u)} disabled={!allowed.togglePause} loading={busy === `pause-${u.id}`}>
          {u.isPaused ? 'Unpause User' : 'Pause User'}
        </Button>
        <Button size="sm" variant="outline" className={DANGER_OUTLINE} onClick={() => askDelete(u)} disabled={!allowed.remove} aria-label={`Delete ${u.username}`}>
          Delete
        </Button>
      </>
    );
  };

  let body;
  if (isLoading && !data) body = <TableSkeleton label="Loading users" />;
  else if (error && !data)
    body = (
      <ErrorState icon={AlertTriangle} title="Error loading users" description="There was an error loading the users. Please try again later." onRetry={() => void mutate()} />
    );
  else if (!data || data.length === 0)
    body = <EmptyState icon={Users} title="No users found" description={q ? `No username or email contains "${q}".` : undefined} />;
  else
    body = (
      <DataTable
        caption="Users"
        columns={columns}
        rows={data}
        rowKey={(u) => u.id}
        cardTitle={(u) => (
          <Link href={`/users/${encodeURIComponent(u.username)}`} className="hover:underline">
            {u.username}
          </Link>
        )}
        actions={rowActions}
      />
    );

  return (
    <Section title="Users Management" description="Grant admin rights, pause accounts and remove users.">
      <SearchBox label="Search users" value={q} onSearch={setQ} className="mb-4" />
      {body}
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
    </Section>
  );
}
