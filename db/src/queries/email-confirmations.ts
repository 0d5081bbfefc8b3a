import type { Tx } from '../sql';

/** An email_confirmations row (migration 0010). */
export interface EmailConfirmationRow {
  id: number;
  email: string;
  /** Set for a member's address. */
  userId: number | null;
  /** Set for one contact copy of a visitor. */
  messageId: number | null;
  expiresAt: Date;
  usedAt: Date | null;
}

/** Confirmation links of email addresses (the member's confirmed flag is users.ts confirmEmail). Pass the pool or a transaction. */
export function makeEmailConfirmationQueries(sql: Tx) {
  return {
    /** Records a confirmation to mail, valid for `ttlSeconds`; answers its id. */
    async insertConfirmation(input: {
      email: string;
      userId?: number | null;
      messageId?: number | null;
      ttlSeconds: number;
    }): Promise<number> {
      const [row] = await sql<{ id: number }[]>`
        INSERT INTO email_confirmations (email, user_id, message_id, expires_at)
        VALUES (${input.email}, ${input.userId ?? null}, ${input.messageId ?? null}, now() + make_interval(secs => ${input.ttlSeconds}))
        RETURNING id`;
      return row!.id;
    },

    /**
     * The worker's step before mailing: stores the hash of the link's token on a confirmation that is
     * still open (unused, unexpired) and answers its address; undefined when it is gone, used or expired.
     */
    async armConfirmation(
      id: number,
      tokenHash: string,
    ): Promise<{ email: string; userId: number | null; messageId: number | null } | undefined> {
      const [row] = await sql<{ email: string; userId: number | null; messageId: number | null }[]>`
        UPDATE email_confirmations SET token_hash = ${tokenHash}
        WHERE id = ${id} AND used_at IS NULL AND expires_at > now()
        RETURNING email, user_id, message_id`;
      return row;
    },

    /** The open confirmation of a token hash, locked until the transaction ends; undefined when unknown, used or expired. */
    async lockOpenByTokenHash(tokenHash: string): Promise<EmailConfirmationRow | undefined> {
      const [row] = await sql<EmailConfirmationRow[]>`
        SELECT id, email, user_id, message_id, expires_at, used_at FROM email_confirmations
        WHERE token_hash = ${tokenHash} AND used_at IS NULL AND expires_at > now()
        FOR UPDATE`;
      return row;
    },

    /** Marks a confirmation used (a link works once). */
    async markUsed(id: number): Promise<void> {
      await sql`UPDATE email_confirmations SET used_at = now() WHERE id = ${id}`;
    },
  };
}
