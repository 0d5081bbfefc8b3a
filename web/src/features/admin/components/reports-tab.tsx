import { useId, useState } from 'react';
import { AlertTriangle, Check, ExternalLink, EyeOff, Flag, RotateCcw, Trash2, X } from 'lucide-react';
import type { ReportStatus } from '@vitrine/domain/constants';
import type { AdminReport } from '@vitrine/domain/types';
import { Badge, type BadgeColor } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState, ErrorState } from '../../../components/ui/empty-state';
import { Textarea } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import { TabPanel, Tabs } from '../../../components/ui/tabs';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api';
import { formatDate, formatRelative } from '../../../lib/format';
import { useAdminReportActions, useAdminReports } from '../api/use-admin-reports';
import { failureReason } from '../../../lib/reason';
import { DELETE_REPORT_CONFIRMATION, REPORT_STATUS_TABS, emptyReportsText, reasonLabel, reportRowActions } from '../lib/rules';
import { DataTable, TableSkeleton, type Column } from './data-table';
import { DANGER_OUTLINE, Section } from './section';

const STATUS_COLORS: Record<ReportStatus, BadgeColor> = { pending: 'yellow', reviewed: 'blue', dismissed: 'grey', removed: 'red' };

/** The report's status as a coloured badge. */
function StatusBadge({ status }: { status: ReportStatus }) {
  return <Badge color={STATUS_COLORS[status]}>{status.charAt(0).toUpperCase() + status.slice(1)}</Badge>;
}

/** Reason badge with the reporter's details under it. */
function ReasonCell({ report }: { report: AdminReport }) {
  return (
    <div className="flex max-w-64 flex-col items-start gap-1">
      <Badge color="outline">{reasonLabel(report.reason)}</Badge>
      {report.additionalDetails ? <p className="whitespace-pre-wrap break-words text-xs text-zinc-600 dark:text-zinc-400">{report.additionalDetails}</p> : null}
    </div>
  );
}

/** The actions of one report: View, Hide / Restore, and notes + Dismiss / Review, or Delete Report. */
function ReportActions({ report }: { report: AdminReport }) {
  const actions = useAdminReportActions();
  const allowed = reportRowActions(report);
  const [notes, setNotes] = useState(report.adminNotes ?? '');
  const [busy, setBusy] = useState<string | null>(null);
  const notesId = useId();

  const decide = async (status: 'dismissed' | 'reviewed') => {
    setBusy(status);
    try {
      await actions.update(report.id, status, notes.trim() || undefined);
      toast({ title: 'Report updated', description: 'The report status has been updated.' });
    } catch (err) {
      toast({ title: 'Update failed', description: failureReason(err), variant: 'destructive' });
      setBusy(null);
    }
  };

  const hide = async () => {
    setBusy('hide');
    try {
      await actions.update(report.id, 'removed', allowed.notes ? notes.trim() || undefined : undefined);
      toast({ title: 'Project hidden', description: `"${report.projectTitle}" is now hidden from public view.` });
    } catch (err) {
      toast({ title: 'Action failed', description: failureReason(err), variant: 'destructive' });
      setBusy(null);
    }
  };

  const restore = async () => {
    setBusy('restore');
    try {
      await actions.restore(report.id);
      toast({ title: 'Project unhidden', description: `"${report.projectTitle}" is now visible to the public.` });
    } catch (err) {
      toast({ title: 'Action failed', description: failureReason(err), variant: 'destructive' });
      setBusy(null);
    }
  };

  const remove = async () => {
    if (!window.confirm(DELETE_REPORT_CONFIRMATION)) return;
    setBusy('delete');
    try {
      await actions.remove(report.id);
      toast({ title: 'Report deleted', description: 'The report has been permanently deleted.' });
    } catch (err) {
      toast({ title: 'Delete failed', description: errorMessage(err, 'Failed to delete report'), variant: 'destructive' });
      setBusy(null);
    }
  };

  const disabled = busy !== null;
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
          <Button size="sm" variant="outline" onClick={() => void hide()} loading={busy === 'hide'} disabled={disabled}>
            {busy === 'hide' ? null : <EyeOff aria-hidden="true" />}
            Hide
          </Button>
        ) : null}
        {allowed.restore ? (
          <Button size="sm" variant="outline" onClick={() => void restore()} loading={busy === 'restore'} disabled={disabled}>
            {busy === 'restore' ? null : <RotateCcw aria-hidden="true" />}
            Restore
          </Button>
        ) : null}
        {allowed.remove ? (
          <Button size="sm" variant="outline" className={DANGER_OUTLINE} onClick={() => void remove()} loading={busy === 'delete'} disabled={disabled}>
            {busy === 'delete' ? null : <Trash2 aria-hidden="true" />}
            Delete Report
          </Button>
        ) : null}
      </div>
      {allowed.notes ? (
        <>
          <label htmlFor={notesId} className="sr-only">
            Admin notes for report {report.id}
          </label>
          <Textarea
            id={notesId}
            rows={2}
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
            maxLength={1000}
            placeholder="Admin notes (optional)"
            className="text-sm"
          />
          <div className="flex gap-1.5 md:justify-end">
            <Button size="sm" variant="outline" onClick={() => void decide('dismissed')} loading={busy === 'dismissed'} disabled={disabled}>
              {busy === 'dismissed' ? null : <X aria-hidden="true" />}
              Dismiss
            </Button>
            <Button size="sm" onClick={() => void decide('reviewed')} loading={busy === 'reviewed'} disabled={disabled}>
              {busy === 'reviewed' ? null : <Check aria-hidden="true" />}
              Review
            </Button>
          </div>
        </>
      ) : report.adminNotes ? (
        <p className="whitespace-pre-wrap break-words rounded-md bg-zinc-50 px-2.5 py-1.5 text-xs text-zinc-600 md:text-right dark:bg-zinc-800/50 dark:text-zinc-400">
          <span className="font-medium text-zinc-700 dark:text-zinc-300">Notes: </span>
          {report.adminNotes}
        </p>
      ) : null}
    </div>
  );
}

/** One status tab's table with its loading, error and empty states. */
function ReportsList({ status }: { status: ReportStatus }) {
  const { data, error, isLoading, mutate } = useAdminReports(status);

  if (isLoading && !data) return <TableSkeleton label={`Loading ${status} reports`} rows={3} />;
  if (error && !data)
    return (
      <ErrorState icon={AlertTriangle} title="Error loading reports" description="There was an error loading the reports. Please try again later." onRetry={() => void mutate()} />
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
    { header: 'Reporter', cell: (r) => r.reporterUsername ?? <span className="text-zinc-500 dark:text-zinc-400">Anonymous</span> },
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
    <DataTable
      caption={`${status} reports`}
      columns={columns}
      rows={data}
      rowKey={(r) => r.id}
      cardTitle={(r) => r.projectTitle}
      actions={(r) => <ReportActions key={`${r.id}-${r.status}`} report={r} />}
    />
  );
}

/** The Reports tab ('Content Reports', spec §2) with its Pending / Reviewed / Dismissed / Removed tabs. */
export function ReportsTab() {
  const [status, setStatus] = useState<ReportStatus>('pending');
  const selectId = useId();
  return (
    <Section title="Content Reports" description="Reports from the community. Decide pending ones, hide or restore the project, and clean up decided ones.">
      {/* Four status tabs do not fit a phone: a dropdown there, tabs from sm up (like the home page's tabs). */}
      <div className="sm:hidden">
        <label htmlFor={selectId} className="sr-only">
          Report status
        </label>
        <Select id={selectId} options={[...REPORT_STATUS_TABS]} value={status} onValueChange={setStatus} />
      </div>
      <Tabs items={[...REPORT_STATUS_TABS]} value={status} onValueChange={setStatus} label="Report status" listClassName="max-sm:hidden">
        {REPORT_STATUS_TABS.map((t) => (
          <TabPanel key={t.value} value={t.value}>
            <ReportsList status={t.value} />
          </TabPanel>
        ))}
      </Tabs>
    </Section>
  );
}
