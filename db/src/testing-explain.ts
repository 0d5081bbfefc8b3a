import postgres from 'postgres';
import { afterAll, beforeAll, expect } from 'vitest';
import { createSql, type Sql } from './sql';
import { createTestDatabase } from './testing';

/** What `makeExplainer` gives a query test. */
export interface Explainer {
  /** Runs `read` on a client that records each query it sends, and answers the EXPLAIN of every statement. */
  plansOf: (read: (client: Sql) => Promise<unknown>) => Promise<string[]>;
  /** Closes the recording client. */
  end: () => Promise<void>;
}

/**
 * EXPLAIN checks of the query functions as they really send their SQL: a second client on `url`
 * records each query (postgres.js `debug`), then `sql` explains it with the same parameters.
 */
export function makeExplainer(url: string, sql: Sql): Explainer {
  let captured: Array<{ query: string; parameters: unknown[] }> = [];
  const traced: Sql = postgres(url, {
    max: 1,
    transform: postgres.camel,
    onnotice: () => {},
    debug: (_connection, query, parameters) => {
      captured.push({ query, parameters });
    },
  });
  return {
    async plansOf(read) {
      captured = [];
      await read(traced);
      // Writes too (EXPLAIN without ANALYZE runs nothing): a recompute's rows go in by INSERT ... SELECT.
      const queries = captured.filter((c) => /^\s*(SELECT|WITH|INSERT|UPDATE|DELETE)\b/i.test(c.query));
      expect(queries.length).toBeGreaterThan(0);
      const plans: string[] = [];
      for (const { query, parameters } of queries) {
        const rows = await sql.unsafe(`EXPLAIN ${query}`, parameters as postgres.ParameterOrJSON<never>[]);
        plans.push(rows.map((r) => Object.values(r)[0]).join('\n'));
      }
      return plans;
    },
    end: () => traced.end(),
  };
}

/** A database of its own for one file of EXPLAIN checks (see `useExplainDatabase`). */
export interface ExplainDatabase {
  /** A client of the database, for the checks' own reads and writes. */
  readonly sql: Sql;
  /** The plans of the queries `read` sends (`Explainer.plansOf`). */
  plansOf: Explainer['plansOf'];
}

/**
 * Before the file's tests: makes a migrated database (named from `prefix`), fills it with `seed`, and
 * brings the planner's statistics up to date with VACUUM ANALYZE, as autovacuum would (it also moves
 * bulk-loaded rows out of the trigram indexes' pending lists, which the planner otherwise prices as a
 * scan of their own). After them: drops it. Seeding a large table takes a while: `seedTimeoutMs`.
 */
export function useExplainDatabase(
  prefix: string,
  seed: (sql: Sql) => Promise<void>,
  seedTimeoutMs = 180_000,
): ExplainDatabase {
  let db: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let sql: Sql | undefined;
  let explainer: Explainer | undefined;
  const opened = () => {
    if (!sql || !explainer) throw new Error('The EXPLAIN database is used before its beforeAll ran');
    return { sql, explainer };
  };
  beforeAll(async () => {
    db = await createTestDatabase(prefix);
    sql = createSql(db.url, { max: 2 });
    await seed(sql);
    await sql`VACUUM ANALYZE`;
    explainer = makeExplainer(db.url, sql);
    // The recording client's first query reads the array types (pg_type): keep it out of the plans.
    await explainer.plansOf((c) => c`SELECT 1`);
  }, seedTimeoutMs);
  afterAll(async () => {
    await explainer?.end();
    await sql?.end();
    await db?.drop();
  });
  return {
    get sql() {
      return opened().sql;
    },
    plansOf: (read) => opened().explainer.plansOf(read),
  };
}

/**
 * Runs `load` on `tables` without their secondary indexes, then builds each again from its own
 * definition (pg_get_indexdef): one build per index after a bulk load is a fraction of the time of
 * keeping every index (a trigram one above all) up to date row by row. The primary keys and the
 * indexes behind constraints stay. The plans are those of the same indexes.
 */
export async function loadWithoutIndexes(
  sql: Sql,
  tables: readonly string[],
  load: () => Promise<void>,
): Promise<void> {
  const indexes = await sql<{ name: string; definition: string }[]>`
    SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
    FROM pg_index i
    WHERE i.indrelid = ANY(${tables.map((t) => `public.${t}`)}::regclass[]) AND NOT i.indisprimary
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`;
  for (const index of indexes) await sql.unsafe(`DROP INDEX ${index.name}`);
  await load();
  for (const index of indexes) await sql.unsafe(index.definition);
}

/** `count` members named seed_1 to seed_{count}. */
export async function seedUsers(sql: Sql, count: number): Promise<void> {
  await sql`INSERT INTO users (username, password_hash) SELECT 'seed_' || g, 'x' FROM generate_series(1, ${count}::int) g`;
}

/** `count` projects, project 1 the newest and each next a minute older, shared out among the first `owners` members. */
export async function seedProjects(sql: Sql, count: number, owners: number): Promise<void> {
  await sql`
    INSERT INTO projects (title, description, replit_url, category, user_id, created_at)
    SELECT 'Project ' || g, 'Seeded project number ' || g, 'https://project.example/' || g, 'Game',
           (g % ${owners}::int) + 1, now() - make_interval(mins => g)
    FROM generate_series(1, ${count}::int) g`;
}

/** Fails on a sequential scan of any of `tables`, showing the plan. */
export function expectNoSeqScan(plans: string[], tables: readonly string[]): void {
  const seqScan = new RegExp(`Seq Scan on (${tables.join('|')})\\b`);
  for (const plan of plans) expect(plan, plan).not.toMatch(seqScan);
}

/**
 * Fails on a Sort node the planner expects to sort `maxRows` rows or more (a sort of a whole table, not
 * of a page). An Incremental Sort is not one: it reads an index in order and sorts the rows of one
 * value of the index's key at a time, stopping with its Limit (a top-N over an index).
 */
export function expectNoBigSort(plans: string[], maxRows: number): void {
  for (const plan of plans) {
    for (const [, rows] of plan.matchAll(/(?<!Incremental )Sort {2}\(cost=[\d.]+\.\.[\d.]+ rows=(\d+)/g)) {
      expect(Number(rows), plan).toBeLessThan(maxRows);
    }
  }
}
