import type { Tx } from '../sql';

/** One stored file of a picture: its width, MIME type and storage key (migration 0023). */
export interface MediaVariantRow {
  width: number;
  type: string;
  key: string;
}

/** A project_media row: one screenshot of a project, position 0 being the cover. */
export interface MediaRow {
  id: number;
  position: number;
  alt: string;
  width: number;
  height: number;
  variants: MediaVariantRow[];
}

/** What an upload stores: the picture's size after orientation, its alt text and its files. */
export interface NewMedia {
  projectId: number;
  alt: string;
  width: number;
  height: number;
  variants: MediaVariantRow[];
}

/**
 * The cover of projects row `p` (its first picture) as a JSON MediaRow, or null: one probe of
 * project_media_project_position_idx per listed project. projects.ts `projectColumns` selects it.
 */
export function coverColumn(sql: Tx) {
  return sql`(SELECT json_build_object('id', m.id, 'position', m.position, 'alt', m.alt, 'width', m.width,
                                       'height', m.height, 'variants', m.variants)
              FROM project_media m WHERE m.project_id = p.id ORDER BY m.position, m.id LIMIT 1)`;
}

/** Queries on project_media: a project's pictures, their order and alt texts. */
export function makeProjectMediaQueries(sql: Tx) {
  /** Writes positions 0..n-1 in the order of `ids` (the project's pictures). */
  async function renumber(projectId: number, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await sql`
      UPDATE project_media m SET position = o.n - 1
      FROM unnest(${ids}::int[]) WITH ORDINALITY AS o(id, n)
      WHERE m.id = o.id AND m.project_id = ${projectId} AND m.position <> o.n - 1`;
  }
  return {
    /** A project's pictures in order, the cover first. */
    async listMedia(projectId: number): Promise<MediaRow[]> {
      return sql<MediaRow[]>`
        SELECT id, position, alt, width, height, variants FROM project_media
        WHERE project_id = ${projectId} ORDER BY position, id`;
    },

    /** Pictures of several projects at once, in order (lists and exports). */
    async listMediaOf(projectIds: number[]): Promise<(MediaRow & { projectId: number })[]> {
      if (projectIds.length === 0) return [];
      return sql<(MediaRow & { projectId: number })[]>`
        SELECT project_id, id, position, alt, width, height, variants FROM project_media
        WHERE project_id = ANY(${projectIds}::int[]) ORDER BY project_id, position, id`;
    },

    /**
     * Adds a picture last, unless the project already has `max`: answers the new row, or null when
     * full. The caller holds the project's row lock (projects.ts lockProject), so two uploads cannot both take the
     * last place.
     */
    async insertMedia(input: NewMedia, max: number): Promise<MediaRow | null> {
      const [row] = await sql<MediaRow[]>`
        INSERT INTO project_media (project_id, position, alt, width, height, variants)
        SELECT ${input.projectId}, c.n, ${input.alt}, ${input.width}, ${input.height}, ${sql.json(input.variants as never)}
        FROM (SELECT count(*)::int AS n FROM project_media WHERE project_id = ${input.projectId}) c
        WHERE c.n < ${max}
        RETURNING id, position, alt, width, height, variants`;
      return row ?? null;
    },

    /**
     * Changes a picture's alt text and moves it to `position` (clamped to the list; the others close
     * up). Answers the project's pictures in their new order, or null when the picture is not the project's.
     */
    async updateMedia(
      projectId: number,
      mediaId: number,
      change: { alt?: string; position?: number },
    ): Promise<MediaRow[] | null> {
      const rows = await this.listMedia(projectId);
      const from = rows.findIndex((row) => row.id === mediaId);
      if (from < 0) return null;
      if (change.alt !== undefined) await sql`UPDATE project_media SET alt = ${change.alt} WHERE id = ${mediaId}`;
      if (change.position !== undefined) {
        const ids = rows.map((row) => row.id);
        ids.splice(from, 1);
        ids.splice(Math.min(change.position, ids.length), 0, mediaId);
        await renumber(projectId, ids);
      }
      return this.listMedia(projectId);
    },

    /** Deletes a picture and closes up the order; answers its row (for its files), or null when it is not the project's. */
    async deleteMedia(projectId: number, mediaId: number): Promise<MediaRow | null> {
      const [row] = await sql<MediaRow[]>`
        DELETE FROM project_media WHERE id = ${mediaId} AND project_id = ${projectId}
        RETURNING id, position, alt, width, height, variants`;
      if (!row) return null;
      const rest = await this.listMedia(projectId);
      await renumber(
        projectId,
        rest.map((r) => r.id),
      );
      return row;
    },
  };
}
