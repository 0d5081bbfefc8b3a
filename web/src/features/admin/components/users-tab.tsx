import { useState } from 'react';
import { Link } from 'wouter';
import { AlertTriangle, Users } from 'lucide-react';
import type { AdminUser } from '@vitrine/domain/answers';
import { LoadMore } from '../../../components/ui/load-more';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState, ErrorState } from '../../../components/ui/empty-state';
import { SearchBox } from '../../../components/ui/search-box';
import { useToastedAction } from '../../../hooks/use-toasted-action';
import { formatDate } from '../../../lib/format';
import { failureReason as reason } from '../../../lib/reason';
import { useAdminUserActions, useAdminUsers } from '../api/use-admin-users';
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

/** The username linking to the profile. */
function UserLink({ user, className }: { user: AdminUser; className?: string }) {
  return (
    <Link href={`/users/${encodeURIComponent(user.username)}`} className={className}>
      {user.username}
    </Link>
  );
}

const COLUMNS: Column<AdminUser>[] = [
  {
    header: 'ID',
    cell: (u) => <span className="tabular text-zinc-500 dark:text-zinc-400">{u.id}</span>,
    className: 'w-14',
  },
  {
    header: 'Username',
    hideOnPhone: true,
    cell: (u) => <UserLink user={u} className="font-medium text-zinc-900 hover:underline dark:text-zinc-100" />,
  },
  {
    header: 'Email',
    cell: (u) => <span className="md:whitespace-nowrap [overflow-wrap:anywhere]">{u.email || '-'}</span>,
  },
  { header: 'Joined', cell: (u) => <span className="whitespace-nowrap">{formatDate(u.createdAt)}</span> },
  { header: 'Status', cell: (u) => <StatusBadges user={u} /> },
];

/** The user writes with their toasts: Make/Remove Admin, Pause/Unpause and Delete. */
function useUserWrites() {
  const actions = useAdminUserActions();
  const { busy, run } = useToastedAction();
  return {
    busy,
    toggleAdmin: (u: AdminUser) =>
      run(`admin-${u.id}`, () => actions.setAdmin(u.id, !u.isAdmin), {
        success: { title: 'User admin status updated successfully' },
        failure: (err) => ({ title: 'Error', description: `Failed to update user admin status: ${reason(err)}` }),
      }),
    togglePause: (u: AdminUser, publicReason?: string) =>
      run(`pause-${u.id}`, () => actions.setPaused(u.id, !u.isPaused, publicReason), {
        success: { title: 'User pause status updated successfully' },
        failure: (err) => ({ title: 'Error', description: `Failed to update user pause status: ${reason(err)}` }),
      }),
    remove: (u: AdminUser, publicReason: string) =>
      run(`delete-${u.id}`, () => actions.remove(u.id, publicReason), {
        success: { title: 'User deleted successfully' },
        failure: (err) => ({ title: 'Error', description: `Failed to delete user: ${reason(err)}` }),
      }),
  };
}

/** Contact, Make/Remove Admin, Pause/Unpause (at once, or with a public reason) and Delete for one user. */
function useUserRowActions(meId: number, onContact: (user: AdminUser) => void, confirm: (c: Confirmation) => void) {
  const { busy, toggleAdmin, togglePause, remove } = useUserWrites();
  const askPause = (u: AdminUser) =>
    confirm({
      title: 'Pause user',
      message: `${u.username} will be able to read but not to post, vote, rate or message.`,
      confirmLabel: 'Pause User',
      withReason: true,
      onConfirm: (publicReason) => togglePause(u, publicReason),
    });
  const askDelete = (u: AdminUser) =>
    confirm({
      title: 'Delete user',
      message: deleteUserConfirmation(u.username),
      confirmLabel: 'Delete',
      withReason: true,
      onConfirm: (publicReason) => remove(u, publicReason),
    });

  return (u: AdminUser) => {
    const allowed = userRowActions(u, meId);
    return (
      <>
        <Button
          size="sm"
          variant="outline"
          onClick={() => onContact(u)}
          disabled={u.id === meId}
          aria-label={`Contact ${u.username}`}
        >
          Contact
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => void toggleAdmin(u)}
          disabled={!allowed.toggleAdmin}
          loading={busy === `admin-${u.id}`}
        >
          {u.isAdmin ? 'Remove Admin' : 'Make Admin'}
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => void togglePause(u)}
          disabled={!allowed.togglePause}
          loading={busy === `pause-${u.id}`}
        >
          {u.isPaused ? 'Unpause User' : 'Pause User'}
        </Button>
        {u.isPaused || !allowed.togglePause ? null : (
          <Button
            size="sm"
            variant="outline"
            onClick={() => askPause(u)}
            aria-label={`Pause with reason: ${u.username}`}
          >
            Pause with reason
          </Button>
        )}
        <Button
          size="sm"
          variant="outline"
          className={DANGER_OUTLINE}
          onClick={() => askDelete(u)}
          disabled={!allowed.remove}
          aria-label={`Delete ${u.username}`}
        >
          Delete
        </Button>
      </>
    );
  };
}

/**
 * The Users tab ('Users Management'): ID, Username, Email, Joined, status, and Contact,
 * Make/Remove Admin (not oneself), Pause/Unpause (not admins), Delete (not oneself, confirmed).
 */
export function UsersTab({ meId, onContact }: { meId: number; onContact: (user: AdminUser) => void }) {
  const [q, setQ] = useState('');
  const list = useAdminUsers(q);
  const { data, error, isLoading, mutate } = list;
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const rowActions = useUserRowActions(meId, onContact, setConfirmation);

  let body;
  if (isLoading && !data) body = <TableSkeleton label="Loading users" />;
  else if (error && !data)
    body = (
      <ErrorState
        icon={AlertTriangle}
        title="Error loading users"
        description="There was an error loading the users. Please try again later."
        onRetry={() => void mutate()}
      />
    );
  else if (!data || data.length === 0)
    body = (
      <EmptyState
        icon={Users}
        title="No users found"
        description={q ? `No username or email contains "${q}".` : undefined}
      />
    );
  else
    body = (
      <DataTable
        caption="Users"
        columns={COLUMNS}
        rows={data}
        rowKey={(u) => u.id}
        cardTitle={(u) => <UserLink user={u} className="hover:underline" />}
        actions={rowActions}
      />
    );

  return (
    <Section title="Users Management" description="Grant admin rights, pause accounts and remove users.">
      <SearchBox label="Search users" value={q} onSearch={setQ} className="mb-4" />
      {body}
      <LoadMore list={list} label="Load more users" />
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
    </Section>
  );
}
