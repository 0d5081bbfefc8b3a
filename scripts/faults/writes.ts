/**
 * Every write the api acknowledged (a 2xx answer) during a scenario, and the check that each one is
 * in the database afterwards. A write that failed or got no answer is not owed, except that a
 * rating's later unanswered attempts may legitimately have replaced an acknowledged value.
 */
import type { Sql } from '@vitrine/db/sql';

/**
 * The mails a message asks for (worker/src/processors/events.ts emailsFor), plus the confirmation
 * link a visitor's copy waits for (its key is the email.confirmationRequested event's) and the
 * notification mail of an admin's reply (`admin-reply`: the seeded members mail every kind at once;
 * its key is worker/src/notifications/instant-mail.ts `mailKey(['notify', 'event:<id>', recipient])`).
 */
export type MailKind = 'contact-copy' | 'contact-admin' | 'admin-reply' | 'email-confirm';

/** An answer's status: 0 when none came (refused, reset, timed out). */
export type Status = number;

/** True when the write may have happened although it was not acknowledged. */
const uncertain = (status: Status) => status === 0 || status >= 500;

interface RatingPair {
  projectId: number;
  userId: number;
  acknowledged: number | null;
  /** Values sent after the last acknowledged one whose outcome is unknown. */
  unknown: number[];
}

/** The acknowledged writes of one scenario. */
export class WriteLog {
  readonly visitorVotes: Array<{ projectId: number; ip: string }> = [];
  readonly memberVotes: Array<{ projectId: number; userId: number }> = [];
  readonly messages: Array<{ id: number; mails: MailKind[] }> = [];
  readonly reports: number[] = [];
  private readonly ratings = new Map<string, RatingPair>();

  /** How many writes were acknowledged. */
  get acknowledged(): number {
    let ratings = 0;
    for (const pair of this.ratings.values()) if (pair.acknowledged !== null) ratings += 1;
    return this.visitorVotes.length + this.memberVotes.length + this.messages.length + this.reports.length + ratings;
  }

  /** Records the outcome of a rating (a member's attempts on one project are sequential). */
  rating(projectId: number, userId: number, value: number, status: Status): void {
    const key = `${projectId}:${userId}`;
    const pair = this.ratings.get(key) ?? { projectId, userId, acknowledged: null, unknown: [] };
    this.ratings.set(key, pair);
    if (status >= 200 && status < 300) {
      pair.acknowledged = value;
      pair.unknown = [];
    } else if (uncertain(status)) {
      pair.unknown.push(value);
    }
  }

  /** The acknowledged ratings, with the values the database may hold for each. */
  acknowledgedRatings(): Array<{ projectId: number; userId: number; allowed: number[] }> {
    return [...this.ratings.values()]
      .filter((p) => p.acknowledged !== null)
      .map((p) => ({ projectId: p.projectId, userId: p.userId, allowed: [p.acknowledged!, ...p.unknown] }));
  }
}

/** Acknowledged writes missing from the database, one line each (empty when none). */
export async function lostWrites(sql: Sql, writes: WriteLog): Promise<string[]> {
  const lost: string[] = [];
  if (writes.visitorVotes.length) {
    const rows = await sql<{ projectId: number; ipAddress: string }[]>`
      SELECT project_id, ip_address FROM votes
      WHERE user_id IS NULL AND (project_id, ip_address) IN (
        SELECT * FROM unnest(${writes.visitorVotes.map((v) => v.projectId)}::int[], ${writes.visitorVotes.map((v) => v.ip)}::text[]))`;
    const found = new Set(rows.map((r) => `${r.projectId}:${r.ipAddress}`));
    for (const v of writes.visitorVotes)
      if (!found.has(`${v.projectId}:${v.ip}`)) lost.push(`visitor vote on project ${v.projectId} from ${v.ip}`);
  }
  if (writes.memberVotes.length) {
    const rows = await sql<{ projectId: number; userId: number }[]>`
      SELECT project_id, user_id FROM votes
      WHERE (project_id, user_id) IN (SELECT * FROM unnest(${writes.memberVotes.map((v) => v.projectId)}::int[], ${writes.memberVotes.map((v) => v.userId)}::int[]))`;
    const found = new Set(rows.map((r) => `${r.projectId}:${r.userId}`));
    for (const v of writes.memberVotes)
      if (!found.has(`${v.projectId}:${v.userId}`)) lost.push(`vote of user ${v.userId} on project ${v.projectId}`);
  }
  const ratings = writes.acknowledgedRatings();
  if (ratings.length) {
    const rows = await sql<{ projectId: number; userId: number; rating: number }[]>`
      SELECT project_id, user_id, rating FROM ratings
      WHERE (project_id, user_id) IN (SELECT * FROM unnest(${ratings.map((r) => r.projectId)}::int[], ${ratings.map((r) => r.userId)}::int[]))`;
    const found = new Map(rows.map((r) => [`${r.projectId}:${r.userId}`, r.rating]));
    for (const r of ratings) {
      const value = found.get(`${r.projectId}:${r.userId}`);
      if (value === undefined || !r.allowed.includes(value))
        lost.push(
          `rating of user ${r.userId} on project ${r.projectId} (${value ?? 'missing'}, expected one of ${r.allowed.join('/')})`,
        );
    }
  }
  if (writes.messages.length) {
    const ids = writes.messages.map((m) => m.id);
    const rows = await sql<{ id: number }[]>`SELECT id FROM contact_messages WHERE id = ANY(${ids}::int[])`;
    const found = new Set(rows.map((r) => r.id));
    for (const id of ids) if (!found.has(id)) lost.push(`message ${id}`);
  }
  if (writes.reports.length) {
    const rows = await sql<{ id: number }[]>`SELECT id FROM reports WHERE id = ANY(${writes.reports}::int[])`;
    const found = new Set(rows.map((r) => r.id));
    for (const id of writes.reports) if (!found.has(id)) lost.push(`report ${id}`);
  }
  return lost;
}

/** The mails owed for the acknowledged messages, by their key (`event-<outbox id>-<kind>`, the Message-ID). */
export async function owedMails(sql: Sql, writes: WriteLog): Promise<string[]> {
  const wanted = writes.messages.filter((m) => m.mails.length > 0);
  if (!wanted.length) return [];
  const rows = await sql<{ id: string; messageId: number; recipientUserId: number | null }[]>`
    SELECT id, (payload->>'messageId')::int AS message_id, (payload->>'recipientUserId')::int AS recipient_user_id FROM events
    WHERE name = 'message.created' AND (payload->>'messageId')::int = ANY(${wanted.map((m) => m.id)}::int[])`;
  const eventOf = new Map(rows.map((r) => [r.messageId, r.id]));
  const recipientOf = new Map(rows.map((r) => [r.messageId, r.recipientUserId]));
  const confirmations = await sql<{ id: string; messageId: number }[]>`
    SELECT e.id, c.message_id FROM email_confirmations c
    JOIN events e ON e.name = 'email.confirmationRequested' AND (e.payload->>'confirmationId')::int = c.id
    WHERE c.message_id = ANY(${wanted.map((m) => m.id)}::int[])`;
  const confirmationOf = new Map(confirmations.map((r) => [r.messageId, r.id]));
  const missing = (m: { id: number }) => `missing-for-message-${m.id}`;
  return wanted.flatMap((m) =>
    m.mails.map((kind) => {
      if (kind === 'admin-reply') return `notify-event_${eventOf.get(m.id) ?? missing(m)}-${recipientOf.get(m.id)}`;
      return `event-${(kind === 'email-confirm' ? confirmationOf : eventOf).get(m.id) ?? missing(m)}-${kind}`;
    }),
  );
}

/** Counters that must equal their rows (projects.votes, total_ratings); mismatches, one line each. */
export async function counterMismatches(sql: Sql): Promise<string[]> {
  const rows = await sql<
    { id: number; votes: number; countedVotes: number; totalRatings: number; countedRatings: number }[]
  >`
    SELECT p.id, p.votes, (SELECT count(*)::int FROM votes v WHERE v.project_id = p.id) AS counted_votes,
           p.total_ratings, (SELECT count(*)::int FROM ratings r WHERE r.project_id = p.id) AS counted_ratings
    FROM projects p`;
  return rows
    .filter((r) => r.votes !== r.countedVotes || r.totalRatings !== r.countedRatings)
    .map(
      (r) =>
        `project ${r.id}: votes ${r.votes} vs ${r.countedVotes} rows, totalRatings ${r.totalRatings} vs ${r.countedRatings} rows`,
    );
}
