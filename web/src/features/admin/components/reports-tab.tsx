import { useId, useState, type ComponentProps, type ReactNode } from 'react';
import { AlertTriangle, Check, ExternalLink, EyeOff, Flag, RotateCcw, Trash2, X } from 'lucide-react';
import type { ReportStatus } from '@vitrine/domain/constants';
import type { AdminReport } from '@vitrine/domain/answers';
import { MODERATION_REASON_MAX } from '@vitrine/domain/moderation-log';
import { LoadMore } from '../../../components/ui/load-more';
import { Badge, type BadgeColor } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState, ErrorState } from '../../../components/ui/empty-state';
import { Textarea } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import { TabPanel, Tabs } from '../../../components/ui/tabs';
import { useToastedAction } from '../../../hooks/use-toasted-action';
import { errorMessage } from '../../../lib/api';
import { formatDate, formatRelative } from '../../../lib/format';
import { useAdminReportActions, useAdminReports } from '../api/use-admin-reports';
import { failureReason } from '../../../lib/reason';
import {
  DELETE_REPORT_CONFIRMATION,
  REPORT_STATUS_TABS,
  emptyReportsText,
  reasonLabel,
  reportRowActions,
} from '../lib/rules';
import { DataTable, TableSkeleton, type Column } from './data-table';
import { DANGER_OUTLINE, Section } from './section';

const STATUS_COLORS: Record<ReportStatus, BadgeColor> = {
  pending: 'yellow',
  reviewed: 'blue',
  dismissed: 'grey',
  removed: 'red',
};

/** The report's status as a coloured badge. */
function StatusBadge({ status }: { status: ReportStatus }) {
  return <Badge color={STATUS_COLORS[status]}>{status.charAt(0).toUpperCase() + status.slice(1)}</Badge>;
}

/** Reason badge with the reporter's details under it. */
function ReasonCell({ report }: { report: AdminReport }) {
  return (
    <div className="flex max-w-64 flex-col items-start gap-1">
      <Badge color="outline">{reasonLabel(report.reason)}</Badge>
      {report.additionalDetails ? (
        <p className="whitespace-pre-wrap break-words text-xs text-zinc-600 dark:text-zinc-400">
          {report.additionalDetails}
        </p>
      ) : null}
    </div>
  );
}

/** An icon button of a report row that shows its spinner instead of the icon while it runs. */
function RowButton({
  busyKey,
  busy,
  icon,
  ...props
}: { busyKey: string; busy: string | null; icon: ReactNode } & ComponentProps<typeof Button>) {
  return (
    <Button size="sm" variant="outline" loading={busy === busyKey} disabled={busy !== null} {...props}>
      {busy === busyKey ? null : icon}
      {props.children}
    </Button>
  );
}

/** Notes and Dismiss / Review for a pending report, or the notes a decided one was given. */
function ReportNotes({
  report,
  notes,
  onNotes,
  publicReason,
  onPublicReason,
  busy,
  decide,
}: {
  report: AdminReport;
  notes: string;
  onNotes: (notes: string) => void;
  publicReason: string;
  onPublicReason: (reason: string) => void;
  busy: string | null;
  decide: (status: 'dismissed' | 'reviewed') => void;
}) {
  const notesId = useId();
  const reasonId = useId();
  if (!reportRowActions(report).notes) {
    if (!report.adminNotes) return null;
    return (
      <p className="whitespace-pre-wrap break-words rounded-md bg-zinc-50 px-2.5 py-1.5 text-xs text-zinc-600 md:text-right dark:bg-zinc-800/50 dark:text-zinc-400">
        <span className="font-medium text-zinc-700 dark:text-zinc-300">Notes: </span>
        {report.adminNotes}
      </p>
    );
  }
  return (
    <>
      <label htmlFor={notesId} className="sr-only">
        Admin notes for report {report.id}
      </label>
      <Textarea
        id={notesId}
        rows={2}
        value={notes}
        onChange={(e) => onNotes(e.target.value)}
        maxLength={1000}
        placeholder="Admin notes (optional)"
        className="text-sm"
      />
      <label htmlFor={reasonId} className="sr-only">
        Public reason for report {report.id}, shown in the moderation log
      </label>
      <Textarea
        id={reasonId}
        rows={2}
        value={publicReason}
        onChange={(e) => onPublicReason(e.target.value)}
        maxLength={MODERATION_REASON_MAX}
        placeholder="Public reason (optional, shown in the moderation log)"
        className="text-sm"
      />
      <div className="flex gap-1.5 md:justify-end">
        <RowButton busyKey="dismissed" busy={busy} icon={<X aria-hidden="true" />} onClick={() => decide('dismissed')}>
          Dismiss
        </RowButton>
        <RowButton
          busyKey="reviewed"
          busy={busy}
          icon={<Check aria-hidden="true" />}
          variant="primary"
          onClick={() => decide('reviewed')}
        >
          Review
        </RowButton>
      </div>
    </>
  );
}

/** The writes of one report row with the toasts; a decided row leaves its tab, so it stays busy. */
function useReportRowActions(report: AdminReport, notes: string, publicReason: string) {
  const actions = useAdminReportActions();
  const { busy, run } = useToastedAction();
  const note = notes.trim() || undefined;
  const reason = publicReason.trim() || undefined;
  const unhidden = { title: 'Project unhidden', description: `"${report.projectTitle}" is now visible to the public.` };
  const actionFailed = (err: unknown) => ({ title: 'Action failed', description: failureReason(err) });
  return {
    busy,
    decide: (status: 'dismissed' | 'reviewed') =>
      void run(status, () => actions.update(report.id, status, note, reason), {
        success: { title: 'Report updated', description: 'The report status has been updated.' },
        failure: (err) => ({ title: 'Update failed', description: failureReason(err) }),
        keepBusy: true,
      }),
    hide: () =>
      void run(
        'hide',
        () => actions.update(report.id, 'removed', reportRowActions(report).notes ? note : undefined, reason),
        {
          success: { title: 'Project hidden', description: `"${report.projectTitle}" is now hidden from public view.` },
          failure: actionFailed,
          keepBusy: true,
        },
      ),
    restore: () =>
      void run('restore', () => actions.restore(report.id), {
        success: unhidden,
        failure: actionFailed,
        keepBusy: true,
      }),
    remove: () => {
      if (!window.confirm(DELETE_REPORT_CONFIRMATION)) return;
      void run('delete', () => actions.remove(report.id), {
        success: { title: 'Report deleted', description: 'The report has been permanently deleted.' },
        failure: (err) => ({ title: 'Delete failed', description: errorMessage(err, 'Failed to delete report') }),
        keepBusy: true,
      });
    },
  };
}

/** The actions of one report: View, Hide / Restore, and notes + Dismiss / Review, or Delete Report. */
function ReportActions({ report }: { report: AdminReport }) {
  const allowed = reportRowActions(report);
  const [notes, setNotes] = useState(report.adminNotes ?? '');
  const [publicReason, setPublicReason] = useState('');
  const { busy, decide, hide, restore, remove } = useReportRowActions(report, notes, publicReason);
  return (
    <div className="flex w-full flex-col gap-2 md:w-72">
      <div className="flex flex-wrap gap-1.5 md:justify-end">
        <a
          href={`/projects/${report.projectId}`}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses({ variant: 'outline', size: 'sm' })}
          aria-label={`View ${report.projectTitle} (opens in a new tab)`}
        >
          <ExternalLink aria-hidden="true" />
          View
        </a>
        {allowed.hide ? (
          <RowButton busyKey="hide" busy={busy} icon={<EyeOff aria-hidden="true" />} onClick={hide}>
            Hide
          </RowButton>
        ) : null}
        {allowed.restore ? (
          <RowButton busyKey="restore" busy={busy} icon={<RotateCcw aria-hidden="true" />} onClick={restore}>
            Restore
          </RowButton>
        ) : null}
        {allowed.remove ? (
          <RowButton
            busyKey="delete"
            busy={busy}
            icon={<Trash2 aria-hidden="true" />}
            className={DANGER_OUTLINE}
            onClick={remove}
          >
            Delete Report
          </RowButton>
        ) : null}
      </div>
      <ReportNotes
        report={report}
        notes={notes}
        onNotes={setNotes}
        publicReason={publicReason}
        onPublicReason={setPublicReason}
        busy={busy}
        decide={decide}
      />
    </div>
  );
}

/** One status tab's table with its loading, error and empty states. */
function ReportsList({ status }: { status: ReportStatus }) {
  const list = useAdminReports(status);
  const { data, error, isLoading, mutate } = list;

  if (isLoading && !data) return <TableSkeleton label={`Loading ${status} reports`} rows={3} />;
  if (error && !data)
    return (
      <ErrorState
        icon={AlertTriangle}
        title="Error loading reports"
        description="There was an error loading the reports. Please try again later."
        onRetry={() => void mutate()}
      />
    );
  if (!data || data.length === 0) return <EmptyState icon={Flag} title={emptyReportsText(status)} />;

  const columns: Column<AdminReport>[] = [
    {
      header: 'Project',
      hideOnPhone: true,
      cell: (r) => <span className="font-medium text-zinc-900 dark:text-zinc-100">{r.projectTitle}</span>,
      className: 'min-w-40',
    },
    { header: 'Reason', cell: (r) => <ReasonCell report={r} /> },
    {
      header: 'Reporter',
      cell: (r) => r.reporterUsername ?? <span className="text-zinc-500 dark:text-zinc-400">Anonymous</span>,
    },
    {
      header: 'Reported',
      cell: (r) => (
        <time dateTime={r.createdAt} title={formatDate(r.createdAt)} className="whitespace-nowrap">
          {formatRelative(r.createdAt)}
        </time>
      ),
    },
    { header: 'Status', cell: (r) => <StatusBadge status={r.status} /> },
  ];

  return (
    <>
      <DataTable
        caption={`${status} reports`}
        columns={columns}
        rows={data}
        rowKey={(r) => r.id}
        cardTitle={(r) => r.projectTitle}
        actions={(r) => <ReportActions key={`${r.id}-${r.status}`} report={r} />}
      />
      <LoadMore list={list} label="Load more reports" />
    </>
  );
}

/** The Reports tab ('Content Reports') with its Pending / Reviewed / Dismissed / Removed tabs. */
export function ReportsTab() {
  const [status, setStatus] = useState<ReportStatus>('pending');
  const selectId = useId();
  return (
    <Section
      title="Content Reports"
      description="Reports from the community. Decide pending ones, hide or restore the project, and clean up decided ones."
    >
      {/* Four status tabs do not fit a phone: a dropdown there, tabs from sm up (like the home page's tabs). */}
      <div className="sm:hidden">
        <label htmlFor={selectId} className="sr-only">
          Report status
        </label>
        <Select id={selectId} options={[...REPORT_STATUS_TABS]} value={status} onValueChange={setStatus} />
      </div>
      <Tabs
        items={[...REPORT_STATUS_TABS]}
        value={status}
        onValueChange={setStatus}
        label="Report status"
        listClassName="max-sm:hidden"
      >
        {REPORT_STATUS_TABS.map((t) => (
          <TabPanel key={t.value} value={t.value}>
            <ReportsList status={t.value} />
          </TabPanel>
        ))}
      </Tabs>
    </Section>
  );
}
