import type { Tx } from '../sql';

/** Queries on submissions (the audit trail of project submissions). Pass the pool or a transaction. */
export function makeSubmissionQueries(sql: Tx) {
  return {
    /** Records a submission. */
    async recordSubmission(input: { ip: string; userId: number; projectId: number }): Promise<void> {
      await sql`INSERT INTO submissions (ip_address, user_id, project_id) VALUES (${input.ip}, ${input.userId}, ${input.projectId})`;
    },
  };
}
