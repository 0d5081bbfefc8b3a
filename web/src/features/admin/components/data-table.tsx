import { useRef, type ReactNode } from 'react';
import { useFocusRescue } from '../../../hooks/use-focus-rescue';
import { cn } from '../../../lib/cn';

/** One column: its header and how a row fills it. */
export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Classes of the desktop cell (width, alignment). */
  className?: string;
  /** Left out of the phone card (for example when the card title already shows it). */
  hideOnPhone?: boolean;
}

/** Props of DataTable. */
export interface DataTableProps<T> {
  /** The table's accessible name. */
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  /** The phone card's heading. */
  cardTitle: (row: T) => ReactNode;
  /** The Actions cell (desktop) and the card's button row (phone). */
  actions?: (row: T) => ReactNode;
}

/** What one row of either layout shows. */
type RowProps<T> = Pick<DataTableProps<T>, 'columns' | 'actions'> & { row: T };

/** A desktop table row; focus inside it moves to a neighbour when it leaves (lib/focus.ts). */
function TableRow<T>({ row, columns, actions }: RowProps<T>) {
  const ref = useRef<HTMLTableRowElement>(null);
  useFocusRescue(ref);
  return (
    <tr
      ref={ref}
      data-focus-row=""
      className="border-b border-zinc-100 align-top transition-colors last:border-0 hover:bg-zinc-50/70 dark:border-zinc-800/70 dark:hover:bg-zinc-800/30"
    >
      {columns.map((c) => (
        <td key={c.header} className={cn('px-3 py-3 text-zinc-700 dark:text-zinc-300', c.className)}>
          {c.cell(row)}
        </td>
      ))}
      {actions ? (
        <td className="w-px px-3 py-3">
          <div data-focus-actions="" className="flex justify-end gap-1.5 whitespace-nowrap">
            {actions(row)}
          </div>
        </td>
      ) : null}
    </tr>
  );
}

/** A phone card: the cells as label/value pairs, then the actions. */
function CardRow<T>({ row, columns, actions, cardTitle }: RowProps<T> & Pick<DataTableProps<T>, 'cardTitle'>) {
  const ref = useRef<HTMLLIElement>(null);
  useFocusRescue(ref);
  return (
    <li ref={ref} data-focus-row="" className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
      <div className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">{cardTitle(row)}</div>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {columns
          .filter((c) => !c.hideOnPhone)
          .map((c) => (
            <div key={c.header} className="contents">
              <dt className="text-zinc-500 dark:text-zinc-400">{c.header}</dt>
              <dd className="min-w-0 text-zinc-800 dark:text-zinc-200">{c.cell(row)}</dd>
            </div>
          ))}
      </dl>
      {actions ? (
        <div
          data-focus-actions=""
          className="mt-4 flex flex-wrap gap-2 border-t border-zinc-100 pt-3 dark:border-zinc-800"
        >
          {actions(row)}
        </div>
      ) : null}
    </li>
  );
}

/**
 * A moderation table: a real <table> from the md breakpoint, and on phones a list of cards with the
 * same cells as label/value pairs (a 6-column table cannot be read at 390px). Only one of the two is
 * displayed, so screen readers and tests see each row once.
 */
export function DataTable<T>({ caption, columns, rows, rowKey, cardTitle, actions }: DataTableProps<T>) {
  return (
    <>
      <div className="hidden overflow-x-auto md:block">
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="border-b border-zinc-200 dark:border-zinc-800">
              {columns.map((c) => (
                <th
                  key={c.header}
                  scope="col"
                  className={cn(
                    'whitespace-nowrap px-3 py-2.5 text-xs font-medium uppercase tracking-wide text-zinc-500 dark:text-zinc-400',
                    c.className,
                  )}
                >
                  {c.header}
                </th>
              ))}
              {actions ? (
                <th
                  scope="col"
                  className="px-3 py-2.5 text-right text-xs font-medium uppercase tracking-wide text-zinc-500 dark:text-zinc-400"
                >
                  Actions
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <TableRow key={rowKey(row)} row={row} columns={columns} actions={actions} />
            ))}
          </tbody>
        </table>
      </div>
      <ul className="flex flex-col gap-3 md:hidden" aria-label={caption}>
        {rows.map((row) => (
          <CardRow key={rowKey(row)} row={row} columns={columns} actions={actions} cardTitle={cardTitle} />
        ))}
      </ul>
    </>
  );
}

/** Skeleton rows holding the table's place while it loads. */
export function TableSkeleton({ rows = 5, label }: { rows?: number; label: string }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-2">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="h-12 animate-pulse rounded-md bg-zinc-100 dark:bg-zinc-800/70" />
      ))}
    </div>
  );
}
