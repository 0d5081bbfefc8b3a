import type { Tx } from '../sql';
import { projectColumns, type ProjectRow, type Viewer } from './projects';

/** Feeds and sitemaps read as nobody in particular: no viewer's vote or rating matters. */
const NOBODY: Viewer = { userId: null, ip: '0.0.0.0' };

/** A sitemap entry: the path's key and the date it last changed. */
export interface SitemapRow {
  key: string;
  lastModified: Date;
}

/**
 * Reads of the public syndication surfaces (feeds, sitemaps): visible projects only, never a
 * hidden one. Pass the pool or a transaction.
 */
export function makeSyndicationQueries(sql: Tx) {
  return {
    /** The newest visible projects of one category (index projects_latest_idx, filtered). */
    async listCategoryProjects(category: string, limit: number): Promise<ProjectRow[]> {
      return sql<ProjectRow[]>`
        SELECT ${projectColumns(sql, NOBODY)}
        FROM projects p LEFT JOIN users u ON u.id = p.user_id
        WHERE NOT p.is_hidden AND p.category = ${category}
        ORDER BY p.created_at DESC, p.id DESC
        LIMIT ${limit}`;
    },

    /** The newest visible projects of one user, `username` in any letter case. */
    async listUserFeedProjects(username: string, limit: number): Promise<ProjectRow[]> {
      return sql<ProjectRow[]>`
        SELECT ${projectColumns(sql, NOBODY)}
        FROM projects p JOIN users u ON u.id = p.user_id
        WHERE NOT p.is_hidden AND lower(u.username) = lower(${username})
        ORDER BY p.created_at DESC, p.id DESC
        LIMIT ${limit}`;
    },

    /** How many projects the public may see (the sitemap index splits them into files). */
    async countVisibleProjects(): Promise<number> {
      const [row] = await sql<{ count: number }[]>`SELECT count(*)::int AS count FROM projects WHERE NOT is_hidden`;
      return row?.count ?? 0;
    },

    /**
     * One sitemap file's rows, by id: visible projects (last changed when created), or user profiles
     * (last changed when their newest visible project appeared). As one text, a line
     * `<key>\t<last modified, ISO 8601>` per row (parseSitemapText reads it back): tens of thousands of
     * rows parsed by postgres.js would hold the API's event loop, one text value does not.
     */
    async sitemapPageText(kind: 'projects' | 'users', offset: number, limit: number): Promise<string> {
      const page =
        kind === 'projects'
          ? sql`SELECT id::text AS key, created_at AS last_modified, id AS ord FROM projects WHERE NOT is_hidden ORDER BY id LIMIT ${limit} OFFSET ${offset}`
          : sql`SELECT u.username AS key,
                       greatest(u.created_at, (SELECT max(p.created_at) FROM projects p WHERE p.user_id = u.id AND NOT p.is_hidden)) AS last_modified,
                       u.id AS ord
                FROM users u ORDER BY u.id LIMIT ${limit} OFFSET ${offset}`;
      const [row] = await sql<{ text: string | null }[]>`
        SELECT string_agg(key || E'\t' || to_char(last_modified AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), E'\n' ORDER BY ord) AS text
        FROM (${page}) rows`;
      return row?.text ?? '';
    },

    /** How many user profiles exist. */
    async countUsers(): Promise<number> {
      const [row] = await sql<{ count: number }[]>`SELECT count(*)::int AS count FROM users`;
      return row?.count ?? 0;
    },
  };
}

/** The rows of a sitemapPageText text. */
export function parseSitemapText(text: string): SitemapRow[] {
  if (text === '') return [];
  return text.split('\n').map((line) => {
    const tab = line.lastIndexOf('\t');
    return { key: line.slice(0, tab), lastModified: new Date(line.slice(tab + 1)) };
  });
}
