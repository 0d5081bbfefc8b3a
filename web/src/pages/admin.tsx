import { useState } from 'react';
import { Link } from 'wouter';
import { useShallow } from 'zustand/react/shallow';
import {
  ArrowLeft,
  ClipboardList,
  Flag,
  FolderKanban,
  MessageSquare,
  PenSquare,
  ShieldAlert,
  Users,
} from 'lucide-react';
import type { AdminUser } from '@vitrine/domain/answers';
import { Button, buttonClasses } from '../components/ui/button';
import { TabPanel, Tabs } from '../components/ui/tabs';
import { notify } from '../components/ui/toast';
import { useDocumentTitle } from '../lib/site';
import { useSession } from '../stores/session';
import { useSearchChoice, type SearchChoice } from '../hooks/use-search-choice';
import { useLiveEvent } from '../hooks/use-live-event';
import { useAdminReports } from '../features/admin/api/use-admin-reports';
import { useAdminCommentReports } from '../features/admin/api/use-admin-comment-reports';
import { Section } from '../features/admin/components/section';
import { UsersTab } from '../features/admin/components/users-tab';
import { ProjectsTab } from '../features/admin/components/projects-tab';
import { ReportsTab } from '../features/admin/components/reports-tab';
import { CommentReportsSection } from '../features/admin/components/comment-reports';
import { TestRequestsTab } from '../features/admin/components/test-requests-tab';
import { IntegrityTab } from '../features/admin/components/integrity-tab';
import { InboxList } from '../features/messages/components/inbox-list';
import { ComposeDialog } from '../features/messages/components/compose-dialog';
import { useUserOptions } from '../features/messages/api/use-user-options';

const ADMIN_TABS = ['users', 'projects', 'messages', 'reports', 'test-requests', 'integrity'] as const;
type AdminTab = (typeof ADMIN_TABS)[number];

/**
 * The open tab, in the address (`/admin?tab=integrity`): a reload or a shared link opens it, and a
 * switch replaces the history entry, so Back leaves the dashboard rather than stepping through tabs.
 */
const ADMIN_TAB: SearchChoice<AdminTab> = { name: 'tab', values: ADMIN_TABS, fallback: 'users' };

/** Label with its icon. */
function TabLabel({ icon: Icon, children, count = 0 }: { icon: typeof Users; children: string; count?: number }) {
  return (
    <>
      <Icon className="hidden size-4 sm:block" aria-hidden="true" />
      {children}
      {count > 0 ? (
        <span className="tabular rounded-full bg-amber-700 px-1.5 text-[11px] font-semibold leading-5 text-white dark:bg-amber-400 dark:text-zinc-950">
          <span className="sr-only">, </span>
          {count}
          <span className="sr-only"> pending</span>
        </span>
      ) : null}
    </>
  );
}

/** The dashboard's title, its line of explanation and the way back home. */
function AdminHeading() {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 sm:text-3xl dark:text-zinc-50">
          Admin Dashboard
        </h1>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          Moderate users, projects, messages and content reports.
        </p>
      </div>
      <Link
        href="/"
        className={buttonClasses({ variant: 'outline', size: 'sm', className: 'self-start sm:self-auto' })}
      >
        <ArrowLeft aria-hidden="true" />
        Back to Homepage
      </Link>
    </div>
  );
}

/** The Messages tab: every message on the site, with New Message. */
function MessagesSection({ meId, onCompose }: { meId: number; onCompose: () => void }) {
  return (
    <Section
      title="User Messages"
      description="Every message on the site. Reply to members, or start a new conversation."
      action={
        <Button size="sm" onClick={onCompose} className="self-start">
          <PenSquare aria-hidden="true" />
          New Message
        </Button>
      }
    >
      <InboxList source="admin" viewer={{ id: meId, isAdmin: true }} />
    </Section>
  );
}

/** The pending reports of projects and of comments, for the Reports tab's badge. */
function usePendingReports(): number {
  const projects = useAdminReports('pending').data?.length ?? 0;
  return projects + (useAdminCommentReports('pending').data?.length ?? 0);
}

/** The Reports tab: reports of projects, then reports of comments. */
function ReportsSections() {
  return (
    <div className="flex flex-col gap-6">
      <ReportsTab />
      <CommentReportsSection />
    </div>
  );
}

/** The live alerts of the dashboard; the lists themselves refresh live (hooks/use-live-updates.ts). */
function useAdminAlerts() {
  useLiveEvent('report:created', (report) =>
    notify({ title: 'New report', description: `"${report.projectTitle}" was reported and is waiting for review.` }),
  );
  useLiveEvent('commentReport:created', () =>
    notify({ title: 'New comment report', description: 'A comment was reported and is waiting for review.' }),
  );
  // A ring the integrity scan filed, or an admin's decision on one.
  useLiveEvent('integrity:changed', () =>
    notify({ title: 'Integrity', description: 'A suspected vote ring was filed or decided. See the Integrity tab.' }),
  );
}

/**
 * The Admin dashboard (/admin): Users, Projects, Messages and Reports. The route is guarded
 * (admins only). The composer is shared by 'New Message' and the Users tab's Contact action.
 */
export default function AdminPage() {
  useDocumentTitle('Admin Dashboard');
  const user = useSession(useShallow((s) => s.user));
  const [tab, setTab] = useSearchChoice(ADMIN_TAB);
  const [composer, setComposer] = useState<{ open: boolean; recipientId: number | null }>({
    open: false,
    recipientId: null,
  });
  // The composer's recipients: every user but the admin, read when it opens (the Users tab pages
  // through the newest members only).
  const recipients = useUserOptions(composer.open);
  useAdminAlerts();
  const pending = usePendingReports();

  if (!user) {
    return (
      <p className="mx-auto max-w-6xl px-4 py-10 text-sm text-zinc-600 sm:px-6 dark:text-zinc-400">
        Please log in to access the admin dashboard
      </p>
    );
  }
  const openComposer = (recipient: AdminUser | null) => setComposer({ open: true, recipientId: recipient?.id ?? null });

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <AdminHeading />

      <Tabs<AdminTab>
        className="mt-8"
        label="Admin sections"
        value={tab}
        onValueChange={setTab}
        fullWidth
        listClassName="sm:inline-flex sm:w-auto"
        items={[
          { value: 'users', label: <TabLabel icon={Users}>Users</TabLabel> },
          { value: 'projects', label: <TabLabel icon={FolderKanban}>Projects</TabLabel> },
          { value: 'messages', label: <TabLabel icon={MessageSquare}>Messages</TabLabel> },
          {
            value: 'reports',
            label: (
              <TabLabel icon={Flag} count={pending}>
                Reports
              </TabLabel>
            ),
          },
          { value: 'test-requests', label: <TabLabel icon={ClipboardList}>Test Requests</TabLabel> },
          { value: 'integrity', label: <TabLabel icon={ShieldAlert}>Integrity</TabLabel> },
        ]}
      >
        <TabPanel value="users">
          <UsersTab meId={user.id} onContact={openComposer} />
        </TabPanel>
        <TabPanel value="projects">
          <ProjectsTab />
        </TabPanel>
        <TabPanel value="messages">
          <MessagesSection meId={user.id} onCompose={() => openComposer(null)} />
        </TabPanel>
        <TabPanel value="reports">
          <ReportsSections />
        </TabPanel>
        <TabPanel value="test-requests">
          <TestRequestsTab />
        </TabPanel>
        <TabPanel value="integrity">
          <IntegrityTab />
        </TabPanel>
      </Tabs>

      <ComposeDialog
        open={composer.open}
        onOpenChange={(open) => setComposer((c) => ({ ...c, open }))}
        recipients={recipients.data}
        recipientsError={Boolean(recipients.error)}
        recipientId={composer.recipientId}
      />
    </div>
  );
}
