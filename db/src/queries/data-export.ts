import type { Tx } from '../sql';
import type { ProjectRow } from './projects';
import type { TestRequestRow } from './test-requests';
import type { FeedbackRow } from './test-feedback';

/**
 * Rows of every section of a member's data export (GET /api/users/me/export, docs/api.md "Your data"),
 * read from the tables that hold a member's data. Each section is capped at `limit` rows, newest
 * first; the API asks for one more than it keeps to tell a full section from a cut one.
 */

/** The profile: the users row without the password hash and the session cut-off. */
export interface ExportProfileRow {
  id: number;
  username: string;
  email: string | null;
  emailVerifiedAt: Date | null;
  role: string;
  bio: string | null;
  isAdmin: boolean;
  isPaused: boolean;
  isVerified: boolean;
  emailNotices: boolean;
  developerRating: string;
  developerRatingCount: number;
  testerRating: string;
  testerRatingCount: number;
  activityPoints: number;
  createdAt: Date;
}

/** A project the member owns, hidden ones included: the fields of a projects read, without the viewer's state. */
export type ExportProjectRow = Pick<
  ProjectRow,
  | 'id'
  | 'title'
  | 'description'
  | 'replitUrl'
  | 'category'
  | 'tags'
  | 'votes'
  | 'views'
  | 'averageRating'
  | 'totalRatings'
  | 'isHidden'
  | 'createdAt'
>;

/** A vote or rating the member gave (with the address it was recorded from). */
export interface ExportVoteRow {
  projectId: number;
  projectTitle: string;
  ipAddress: string;
  createdAt: Date;
}
export interface ExportRatingRow extends ExportVoteRow {
  rating: number;
  updatedAt: Date;
}

/** A report the member filed (the admins' notes stay out). */
export interface ExportReportRow {
  id: number;
  projectId: number;
  projectTitle: string;
  reason: string;
  additionalDetails: string | null;
  status: string;
  createdAt: Date;
}

/** A message the member sent or received and did not delete on their side. */
export interface ExportMessageRow {
  id: number;
  direction: 'sent' | 'received';
  /** The other side's username; null: the administrators (sent), a visitor or a deleted member (received). */
  otherUsername: string | null;
  subject: string;
  message: string;
  isRead: boolean;
  createdAt: Date;
}

/** A test request the member opened: its own fields, without the owner's and viewer's. */
export type ExportTestRequestRow = Pick<
  TestRequestRow,
  | 'id'
  | 'projectId'
  | 'title'
  | 'description'
  | 'status'
  | 'skillsNeeded'
  | 'deadline'
  | 'maxTesters'
  | 'testerCount'
  | 'feedbackCount'
  | 'isHidden'
  | 'createdAt'
  | 'updatedAt'
>;

/** A test request the member joined as a tester. */
export interface ExportTesterRow {
  requestId: number;
  requestTitle: string;
  joinedAt: Date;
}

/** Feedback the member wrote, or received on their own requests (testerUsername: the author, the member for feedback given). */
export interface ExportFeedbackRow extends Omit<FeedbackRow, 'testerId'> {
  requestTitle: string;
}

/** A peer rating the member gave or received. */
export interface ExportPeerRatingRow {
  id: number;
  requestId: number | null;
  /** The rated user (given) or the rater (received). */
  otherUsername: string;
  rating: number;
  ratingType: string;
  feedback: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A project submission recorded for the submission limit. */
export interface ExportSubmissionRow {
  projectId: number | null;
  ipAddress: string;
  createdAt: Date;
}

/** A comment the member wrote (deleted ones too: their row stays while it has replies). */
export interface ExportCommentRow {
  id: number;
  projectId: number;
  projectTitle: string;
  parentId: number | null;
  body: string;
  hidden: boolean;
  createdAt: Date;
  editedAt: Date | null;
  deletedAt: Date | null;
}

/** An update the member posted on one of their projects, with the feedback it addresses. */
export interface ExportProjectUpdateRow {
  id: number;
  projectId: number;
  projectTitle: string;
  title: string;
  body: string;
  createdAt: Date;
  editedAt: Date | null;
  deletedAt: Date | null;
  addressedFeedbackIds: number[];
}

/** A report of a comment the member filed. */
export interface ExportCommentReportRow {
  id: number;
  commentId: number;
  projectId: number;
  reason: string;
  additionalDetails: string | null;
  status: string;
  createdAt: Date;
}

/** A maker the member follows. */
export interface ExportFollowRow {
  username: string;
  followedAt: Date;
}

/** The export's queries. Pass the pool or a transaction (one REPEATABLE READ snapshot keeps the sections consistent). */
export function makeDataExportQueries(sql: Tx) {
  return {
    async profile(userId: number): Promise<ExportProfileRow | undefined> {
      const [row] = await sql<ExportProfileRow[]>`
        SELECT id, username, email, email_verified_at, role, bio, is_admin, is_paused, is_verified, email_notices,
               developer_rating, developer_rating_count, tester_rating, tester_rating_count, activity_points, created_at
        FROM users WHERE id = ${userId}`;
      return row;
    },
    projects: (userId: number, limit: number) => sql<ExportProjectRow[]>`
      SELECT id, title, description, replit_url, category, tags, votes, views, average_rating, total_ratings, is_hidden, created_at
      FROM projects WHERE user_id = ${userId} ORDER BY created_at DESC, id DESC LIMIT ${limit}`,
    votes: (userId: number, limit: number) => sql<ExportVoteRow[]>`
      SELECT v.project_id, p.title AS project_title, v.ip_address, v.created_at
      FROM votes v JOIN projects p ON p.id = v.project_id
      WHERE v.user_id = ${userId} ORDER BY v.created_at DESC, v.id DESC LIMIT ${limit}`,
    ratings: (userId: number, limit: number) => sql<ExportRatingRow[]>`
      SELECT r.project_id, p.title AS project_title, r.ip_address, r.rating, r.created_at, r.updated_at
      FROM ratings r JOIN projects p ON p.id = r.project_id
      WHERE r.user_id = ${userId} ORDER BY r.created_at DESC, r.id DESC LIMIT ${limit}`,
    reports: (userId: number, limit: number) => sql<ExportReportRow[]>`
      SELECT r.id, r.project_id, p.title AS project_title, r.reason, r.additional_details, r.status, r.created_at
      FROM reports r JOIN projects p ON p.id = r.project_id
      WHERE r.reporter_user_id = ${userId} ORDER BY r.created_at DESC, r.id DESC LIMIT ${limit}`,
    messages: (userId: number, limit: number) => sql<ExportMessageRow[]>`
      SELECT * FROM (
        (SELECT m.id, 'sent' AS direction, o.username AS other_username, m.subject, m.message, m.is_read, m.created_at
         FROM contact_messages m LEFT JOIN users o ON o.id = m.recipient_user_id
         WHERE m.sender_user_id = ${userId} AND NOT m.sender_deleted ORDER BY m.created_at DESC, m.id DESC LIMIT ${limit})
        UNION ALL
        (SELECT m.id, 'received' AS direction, o.username AS other_username, m.subject, m.message, m.is_read, m.created_at
         FROM contact_messages m LEFT JOIN users o ON o.id = m.sender_user_id
         WHERE m.recipient_user_id = ${userId} AND NOT m.recipient_deleted ORDER BY m.created_at DESC, m.id DESC LIMIT ${limit})
      ) box ORDER BY created_at DESC, id DESC LIMIT ${limit}`,
    testRequests: (userId: number, limit: number) => sql<ExportTestRequestRow[]>`
      SELECT id, project_id, title, description, status, skills_needed, deadline, max_testers, tester_count, feedback_count, is_hidden, created_at, updated_at
      FROM project_requests WHERE user_id = ${userId} ORDER BY created_at DESC, id DESC LIMIT ${limit}`,
    testerOf: (userId: number, limit: number) => sql<ExportTesterRow[]>`
      SELECT t.request_id, r.title AS request_title, t.joined_at
      FROM test_request_testers t JOIN project_requests r ON r.id = t.request_id
      WHERE t.user_id = ${userId} ORDER BY t.joined_at DESC, t.request_id DESC LIMIT ${limit}`,
    feedbackGiven: (userId: number, limit: number) => sql<ExportFeedbackRow[]>`
      SELECT f.id, f.request_id, r.title AS request_title, u.username AS tester_username, f.worked, f.problems, f.suggestions,
             f.score, f.is_helpful, f.helpful_count, f.created_at, f.updated_at
      FROM test_feedback f JOIN project_requests r ON r.id = f.request_id JOIN users u ON u.id = f.tester_id
      WHERE f.tester_id = ${userId} ORDER BY f.created_at DESC, f.id DESC LIMIT ${limit}`,
    feedbackReceived: (userId: number, limit: number) => sql<ExportFeedbackRow[]>`
      SELECT f.id, f.request_id, r.title AS request_title, u.username AS tester_username, f.worked, f.problems, f.suggestions,
             f.score, f.is_helpful, f.helpful_count, f.created_at, f.updated_at
      FROM test_feedback f JOIN project_requests r ON r.id = f.request_id JOIN users u ON u.id = f.tester_id
      WHERE r.user_id = ${userId} ORDER BY f.created_at DESC, f.id DESC LIMIT ${limit}`,
    peerRatingsGiven: (userId: number, limit: number) => sql<ExportPeerRatingRow[]>`
      SELECT ur.id, ur.request_id, u.username AS other_username, ur.rating, ur.rating_type, ur.feedback, ur.created_at, ur.updated_at
      FROM user_ratings ur JOIN users u ON u.id = ur.rated_user_id
      WHERE ur.rater_user_id = ${userId} ORDER BY ur.created_at DESC, ur.id DESC LIMIT ${limit}`,
    peerRatingsReceived: (userId: number, limit: number) => sql<ExportPeerRatingRow[]>`
      SELECT ur.id, ur.request_id, u.username AS other_username, ur.rating, ur.rating_type, ur.feedback, ur.created_at, ur.updated_at
      FROM user_ratings ur JOIN users u ON u.id = ur.rater_user_id
      WHERE ur.rated_user_id = ${userId} ORDER BY ur.created_at DESC, ur.id DESC LIMIT ${limit}`,
    submissions: (userId: number, limit: number) => sql<ExportSubmissionRow[]>`
      SELECT project_id, ip_address, created_at
      FROM submissions WHERE user_id = ${userId} ORDER BY created_at DESC, id DESC LIMIT ${limit}`,
    comments: (userId: number, limit: number) => sql<ExportCommentRow[]>`
      SELECT c.id, c.project_id, p.title AS project_title, c.parent_id, c.body, c.hidden, c.created_at, c.edited_at, c.deleted_at
      FROM comments c JOIN projects p ON p.id = c.project_id
      WHERE c.author_id = ${userId} ORDER BY c.created_at DESC, c.id DESC LIMIT ${limit}`,
    projectUpdates: (userId: number, limit: number) => sql<ExportProjectUpdateRow[]>`
      SELECT pu.id, pu.project_id, (SELECT p.title FROM projects p WHERE p.id = pu.project_id) AS project_title,
             pu.title, pu.body, pu.created_at, pu.edited_at, pu.deleted_at,
             coalesce((SELECT array_agg(f.feedback_id ORDER BY f.feedback_id) FROM project_update_feedback f
                       WHERE f.update_id = pu.id), '{}') AS addressed_feedback_ids
      FROM project_updates pu
      WHERE pu.author_id = ${userId} ORDER BY pu.created_at DESC, pu.id DESC LIMIT ${limit}`,
    commentReports: (userId: number, limit: number) => sql<ExportCommentReportRow[]>`
      SELECT r.id, r.comment_id, c.project_id, r.reason, r.additional_details, r.status, r.created_at
      FROM comment_reports r JOIN comments c ON c.id = r.comment_id
      WHERE r.reporter_user_id = ${userId} ORDER BY r.created_at DESC, r.id DESC LIMIT ${limit}`,
    following: (userId: number, limit: number) => sql<ExportFollowRow[]>`
      SELECT u.username, f.created_at AS followed_at
      FROM follows f JOIN users u ON u.id = f.followee_id
      WHERE f.follower_id = ${userId} ORDER BY f.created_at DESC, f.followee_id DESC LIMIT ${limit}`,
  };
}
