import { makeDataExportQueries } from '@vitrine/db/queries/data-export';
import { limitStatementTime } from '@vitrine/db/sql';
import type { MemberCaller } from './context';
import { EXPORT_LISTS, type ExportList } from './contracts/export-answers';
import { notFound } from './errors';
import type { DataExportRows } from './presenters/data-export';

/**
 * Rows kept per list of an export, newest first (a member's votes, messages...): the answer stays a
 * few megabytes at most; a list cut there is named in `truncated`.
 */
export const EXPORT_LIST_CAP = 5000;
/** A statement of the export that runs longer than this fails (the export is one member's rows, by index). */
const EXPORT_STATEMENT_TIMEOUT = '10s';

/**
 * Reads every table's rows about the caller in one read-only REPEATABLE READ transaction, so the
 * sections agree with each other (a project and its votes from the same moment).
 */
export async function loadDataExport(caller: MemberCaller): Promise<DataExportRows> {
  const userId = caller.user.id;
  return caller.deps.sql.begin('isolation level repeatable read read only', async (tx) => {
    await limitStatementTime(tx, EXPORT_STATEMENT_TIMEOUT);
    const q = makeDataExportQueries(tx);
    const profile = await q.profile(userId);
    if (!profile) throw notFound('User not found');
    const limit = EXPORT_LIST_CAP + 1;
    const lists = {} as { [K in ExportList]: Awaited<ReturnType<(typeof q)[K]>> };
    const truncated: ExportList[] = [];
    for (const name of EXPORT_LISTS) {
      const rows = await q[name](userId, limit);
      if (rows.length > EXPORT_LIST_CAP) {
        truncated.push(name);
        rows.length = EXPORT_LIST_CAP;
      }
      (lists as Record<ExportList, unknown>)[name] = rows;
    }
    return { profile, ...lists, truncated };
  }) as Promise<DataExportRows>;
}
