import postgres from 'postgres';

/** The database client type used everywhere: a pool, or a transaction inside `sql.begin`. */
export type Sql = postgres.Sql;
export type Tx = postgres.TransactionSql | postgres.Sql;

/** Default connection for a local run. */
export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/vitrine';

/**
 * Opens a pool. Columns come back camelCased; numeric and bigint stay strings in postgres.js,
 * so queries cast counts to int and presenters convert averages with Number().
 */
export function createSql(url: string = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL, options: { max?: number } = {}): Sql {
  return postgres(url, {
    max: options.max ?? 10,
    transform: postgres.camel,
    onnotice: () => {},
    connection: { application_name: 'vitrine' },
  });
}

/** Whether the database answers a trivial query (health checks). */
export async function databaseAnswers(sql: Sql): Promise<boolean> {
  return sql`SELECT 1`.then(
    () => true,
    () => false,
  );
}
