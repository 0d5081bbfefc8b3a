import type postgres from 'postgres';
import type { RequestSort, RequestStatus } from '@vitrine/domain/test-requests';
import type { Tx } from '../sql';
import { keysetPage, pageOf, type Page, type PageRequest } from './paging';
import { containsPattern } from './projects';

/** A project_requests row as every read returns it: project, owner and the viewer's own state. */
export interface TestRequestRow {
  id: number;
  projectId: number;
  projectTitle: string;
  projectCategory: string;
  userId: number;
  ownerUsername: string;
  /** numeric(5,2) as a string. */
  ownerRating: string;
  ownerRatingCount: number;
  /** The owner's developer rating toward a tier and how many ratings count (numeric(5,2) as a string). */
  ownerTierRating: string;
  ownerTierCount: number;
  title: string;
  description: string;
  status: RequestStatus;
  skillsNeeded: string[];
  deadline: Date | null;
  maxTesters: number;
  testerCount: number;
  feedbackCount: number;
  isHidden: boolean;
  /** Its project is hidden: then so is the request, for all but the project's owner and admins. */
  projectHidden: boolean;
  /** The project's owner (null once their account is gone). */
  projectOwnerId: number | null;
  createdAt: Date;
  updatedAt: Date;
  /** The viewer joined it. */
  joined: boolean;
}

/** A request's row locked for a write, with its project's visibility (a hidden project hides it). */
export interface LockedRequest {
  id: number;
  userId: number;
  projectId: number;
  status: RequestStatus;
  testerCount: number;
  title: string;
  isHidden: boolean;
  projectHidden: boolean;
  projectOwnerId: number | null;
}

/** Writable fields of a request (validated by the domain schemas). */
export interface TestRequestFields {
  title: string;
  description: string;
  skillsNeeded: string[];
  deadline: Date | null;
  maxTesters: number;
}

/** The list filters of GET /api/test-requests. */
export interface TestRequestFilter {
  skill?: string;
  category?: string;
  sort: RequestSort;
  status: 'open' | 'all';
  offset: number;
  limit: number;
  q?: string;
  /** Keyset: the id of the request the page starts after (offset is then ignored). */
  after?: number;
}

/** Queries on project_requests (a test request in the product's words). Pass the pool or a transaction. */
export function makeTestRequestQueries(sql: Tx) {
  const columns = (viewerId: number | null) => sql`
    r.id, r.project_id, p.title AS project_title, p.category AS project_category, r.user_id,
    u.username AS owner_username, u.developer_rating AS owner_rating, u.developer_rating_count AS owner_rating_count,
    u.developer_tier_rating AS owner_tier_rating, u.developer_tier_count AS owner_tier_count,
    r.title, r.description, r.status, r.skills_needed, r.deadline, r.max_testers, r.tester_count,
    r.feedback_count, r.is_hidden, p.is_hidden AS project_hidden, p.user_id AS project_owner_id, r.created_at, r.updated_at,
    ${viewerId === null ? sql`false` : sql`EXISTS (SELECT 1 FROM test_request_testers t WHERE t.request_id = r.id AND t.user_id = ${viewerId})`} AS joined`;
  const from = sql`project_requests r JOIN projects p ON p.id = r.project_id JOIN users u ON u.id = r.user_id`;

  return {
    /** A request by id with the viewer's joined flag. */
    async findRequest(id: number, viewerId: number | null): Promise<TestRequestRow | undefined> {
      const [row] = await sql<TestRequestRow[]>`SELECT ${columns(viewerId)} FROM ${from} WHERE r.id = ${id}`;
      return row;
    },

    /** Locks a request's row for the rest of the transaction (status moves, ratings). */
    async lockRequest(id: number): Promise<LockedRequest | undefined> {
      const [row] = await sql<LockedRequest[]>`
        SELECT r.id, r.user_id, r.project_id, r.status, r.tester_count, r.title, r.is_hidden, p.is_hidden AS project_hidden, p.user_id AS project_owner_id
        FROM project_requests r JOIN projects p ON p.id = r.project_id WHERE r.id = ${id} FOR UPDATE OF r`;
      return row;
    },

    /**
     * The public list: not hidden, not on a hidden project; open ones by default. Filters by a skill
     * (any letter case) and the project's category; sorted by the nearest deadline or the newest.
     * With `after` (the id of the previous page's last request) the page starts right after that
     * request in the sort, by keyset (an index range: a deep page costs what the first does); else at `offset`.
     */
    async listRequests(filter: TestRequestFilter, viewerId: number | null): Promise<TestRequestRow[]> {
      const skill = filter.skill
        ? sql`AND EXISTS (SELECT 1 FROM unnest(r.skills_needed) s WHERE lower(s) = lower(${filter.skill}))`
        : sql``;
      const category = filter.category ? sql`AND p.category = ${filter.category}` : sql``;
      const status = filter.status === 'open' ? sql`AND r.status = 'open'` : sql``;
      const q = filter.q
        ? sql`AND (r.title ILIKE ${containsPattern(filter.q)} OR r.description ILIKE ${containsPattern(filter.q)})`
        : sql``;
      // No deadline sorts last (as 'infinity'), the way index project_requests_open_deadline_idx holds it.
      const deadline = sql`coalesce(r.deadline, 'infinity'::timestamptz)`;
      const order = filter.sort === 'deadline' ? sql`${deadline}, r.id` : sql`r.created_at DESC, r.id DESC`;
      const after =
        filter.after === undefined
          ? sql``
          : filter.sort === 'deadline'
            ? sql`AND (${deadline}, r.id) > (SELECT coalesce(c.deadline, 'infinity'::timestamptz), c.id FROM project_requests c WHERE c.id = ${filter.after})`
            : sql`AND (r.created_at, r.id) < (SELECT c.created_at, c.id FROM project_requests c WHERE c.id = ${filter.after})`;
      return sql<TestRequestRow[]>`
        SELECT ${columns(viewerId)} FROM ${from}
        WHERE NOT r.is_hidden AND NOT p.is_hidden ${status} ${skill} ${category} ${q} ${after}
        ORDER BY ${order} OFFSET ${filter.after === undefined ? filter.offset : 0} LIMIT ${filter.limit}`;
    },

    /** A page of every request (hidden too), newest first, optionally matching `search` in title, description, project or owner: the admin tab. */
    async listAllRequests(search: string | undefined, page: PageRequest): Promise<Page<TestRequestRow>> {
      const match = search
        ? sql`(r.title ILIKE ${containsPattern(search)} OR r.description ILIKE ${containsPattern(search)}
              OR p.title ILIKE ${containsPattern(search)} OR u.username ILIKE ${containsPattern(search)})`
        : sql`true`;
      const keyset = keysetPage(sql, 'r', page);
      return pageOf(
        await sql<Array<TestRequestRow & { pageCursorAt: string }>>`
        SELECT ${columns(null)}, ${keyset.cursorColumn} FROM ${from}
        WHERE ${match} ${keyset.olderThan} ${keyset.order} ${keyset.limit}`,
        page,
      );
    },

    /** The latest request of a project (the active one if any), for the project page. */
    async findProjectRequest(projectId: number, viewerId: number | null): Promise<TestRequestRow | undefined> {
      const [row] = await sql<TestRequestRow[]>`
        SELECT ${columns(viewerId)} FROM ${from}
        WHERE r.project_id = ${projectId} AND NOT r.is_hidden
        ORDER BY r.is_active DESC, r.created_at DESC, r.id DESC LIMIT 1`;
      return row;
    },

    /** The requests a user ran or joined, newest first. */
    async listUserRequests(
      userId: number,
      limit: number,
    ): Promise<Array<{ id: number; title: string; projectTitle: string; status: RequestStatus; asOwner: boolean }>> {
      return sql<Array<{ id: number; title: string; projectTitle: string; status: RequestStatus; asOwner: boolean }>>`
        SELECT r.id, r.title, p.title AS project_title, r.status, r.user_id = ${userId} AS as_owner
        FROM project_requests r JOIN projects p ON p.id = r.project_id
        WHERE NOT r.is_hidden AND NOT p.is_hidden
          AND (r.user_id = ${userId} OR EXISTS (SELECT 1 FROM test_request_testers t WHERE t.request_id = r.id AND t.user_id = ${userId}))
        ORDER BY r.created_at DESC, r.id DESC LIMIT ${limit}`;
    },

    /** Inserts a request; a second active one for the project raises 23505 (project_requests_active_key). */
    async insertRequest(input: TestRequestFields & { projectId: number; userId: number }): Promise<number> {
      const [row] = await sql<{ id: number }[]>`
        INSERT INTO project_requests (project_id, user_id, title, description, skills_needed, deadline, max_testers)
        VALUES (${input.projectId}, ${input.userId}, ${input.title}, ${input.description}, ${input.skillsNeeded},
                ${input.deadline}, ${input.maxTesters})
        RETURNING id`;
      return row!.id;
    },

    /** Changes the given fields and/or the status. */
    async updateRequest(id: number, input: Partial<TestRequestFields> & { status?: RequestStatus }): Promise<void> {
      const set: Record<string, postgres.SerializableParameter> = {};
      if (input.title !== undefined) set.title = input.title;
      if (input.description !== undefined) set.description = input.description;
      if (input.skillsNeeded !== undefined) set.skills_needed = input.skillsNeeded;
      if (input.deadline !== undefined) set.deadline = input.deadline;
      if (input.maxTesters !== undefined) set.max_testers = input.maxTesters;
      if (input.status !== undefined) set.status = input.status;
      const columns = Object.keys(set);
      await sql`UPDATE project_requests SET ${sql(set, columns)}, updated_at = now() WHERE id = ${id}`;
    },

    /**
     * Takes one tester seat if the request is open, before its deadline and not full. The row lock of
     * this UPDATE serialises parallel joins, so tester_count never passes max_testers. Answers whether a seat was taken.
     */
    async takeSeat(id: number): Promise<boolean> {
      const rows = await sql`
        UPDATE project_requests SET tester_count = tester_count + 1
        WHERE id = ${id} AND status = 'open' AND tester_count < max_testers AND (deadline IS NULL OR deadline > now())
        RETURNING id`;
      return rows.length === 1;
    },

    /** Gives a seat back (a tester left). */
    async releaseSeat(id: number): Promise<void> {
      await sql`UPDATE project_requests SET tester_count = tester_count - 1 WHERE id = ${id}`;
    },

    /** Adds `delta` to the feedback count. */
    async addFeedbackCount(id: number, delta: number): Promise<void> {
      await sql`UPDATE project_requests SET feedback_count = feedback_count + ${delta} WHERE id = ${id}`;
    },

    /** A request's title and status, and the username of `userId` (the live pushes). */
    async findHeadline(
      id: number,
      userId: number,
    ): Promise<{ title: string; status: RequestStatus; username: string } | undefined> {
      const [row] = await sql<{ title: string; status: RequestStatus; username: string }[]>`
        SELECT r.title, r.status, u.username FROM project_requests r, users u WHERE r.id = ${id} AND u.id = ${userId}`;
      return row;
    },

    /** What a notification about request `id` names: its title, owner and project (undefined when gone). */
    async findNoticeSubject(
      id: number,
    ): Promise<{ title: string; ownerId: number; projectId: number; isHidden: boolean } | undefined> {
      const [row] = await sql<{ title: string; ownerId: number; projectId: number; isHidden: boolean }[]>`
        SELECT title, user_id AS owner_id, project_id, is_hidden FROM project_requests WHERE id = ${id}`;
      return row;
    },

    /** Hides or shows a request (admin). */
    async setHidden(id: number, hidden: boolean): Promise<boolean> {
      const rows =
        await sql`UPDATE project_requests SET is_hidden = ${hidden}, updated_at = now() WHERE id = ${id} RETURNING id`;
      return rows.length === 1;
    },
  };
}
