import type { NotificationEmailMode } from '@vitrine/domain/notifications';
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
  developerRating: string;
  developerRatingCount: number;
  testerRating: string;
  testerRatingCount: number;
  activityPoints: number;
  followerCount: number;
  followingCount: number;
  notifyEmail: NotificationEmailMode;
  notifyKinds: Record<string, boolean>;
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
  /** The owner's updates that address it. */
  addressedByUpdateIds: number[];
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

/** A member who follows the member. */
export type ExportFollowerRow = ExportFollowRow;

/** A notification of the member. */
export interface ExportNotificationRow {
  id: number;
  kind: string;
  url: string;
  subject: string;
  detail: string | null;
  count: number;
  createdAt: Date;
  readAt: Date | null;
  emailedAt: Date | null;
}

/** A picture of one of the member's projects, with its stored files' keys. */
export interface ExportPictureRow {
  id: number;
  projectId: number;
  position: number;
  alt: string;
  width: number;
  height: number;
  keys: string[];
  createdAt: Date;
}

/** A project the member opened through its outbound link, or whose New & rising card they saw, on a day. */
export interface ExportProjectDayRow {
  projectId: number;
  projectTitle: string;
  day: string;
}

/** A public moderation log entry about the member (subject) or taken by them as admin (actor). */
export interface ExportModerationRow {
  id: number;
  role: 'subject' | 'actor';
  action: string;
  subjectType: string;
  subjectId: number;
  subjectTitle: string | null;
  reason: string;
  createdAt: Date;
}

/** A reply the member wrote as admin to a visitor's message (without the visitor's address). */
export interface ExportVisitorReplyRow {
  id: number;
  messageId: number | null;
  subject: string;
  message: string;
  createdAt: Date;
}

/** A mail sent to the member's address. */
export interface ExportEmailSentRow {
  kind: string;
  sentAt: Date;
}

/** A webhook of the member, without its secret. */
export interface ExportWebhookRow {
  id: number;
  url: string;
  events: string[];
  projectId: number | null;
  disabledAt: Date | null;
  createdAt: Date;
}

/** How a column names a member: their id, an array holding it, a text key made from it, or their email. */
export type MemberKey = 'id' | 'ids' | 'u<id>' | 'u:<id>' | 'email';

/**
 * Every column that names a member (`table.column`), how it names them and the section of the export
 * that carries its rows about them ('profile' or a list). With EXPORT_LEFT_OUT it covers every column
 * with a foreign key to users and every column named like one (author, tester, visitor...):
 * api/src/data-export-coverage.test.ts walks the schema and fails on a column in neither, so a table
 * added without its export (or a reason) fails CI.
 */
export const EXPORT_COVERAGE: Record<string, { key: MemberKey; section: string }> = {
  'projects.user_id': { key: 'id', section: 'projects' },
  'votes.user_id': { key: 'id', section: 'votes' },
  'ratings.user_id': { key: 'id', section: 'ratings' },
  'reports.reporter_user_id': { key: 'id', section: 'reports' },
  'contact_messages.sender_user_id': { key: 'id', section: 'messages' },
  'contact_messages.recipient_user_id': { key: 'id', section: 'messages' },
  'project_requests.user_id': { key: 'id', section: 'testRequests' },
  'test_request_testers.user_id': { key: 'id', section: 'testerOf' },
  'test_feedback.tester_id': { key: 'id', section: 'feedbackGiven' },
  'project_update_feedback.tester_id': { key: 'id', section: 'feedbackGiven' },
  'user_ratings.rater_user_id': { key: 'id', section: 'peerRatingsGiven' },
  'user_ratings.rated_user_id': { key: 'id', section: 'peerRatingsReceived' },
  'submissions.user_id': { key: 'id', section: 'submissions' },
  'comments.author_id': { key: 'id', section: 'comments' },
  'project_updates.author_id': { key: 'id', section: 'projectUpdates' },
  'comment_reports.reporter_user_id': { key: 'id', section: 'commentReports' },
  'follows.follower_id': { key: 'id', section: 'following' },
  'follows.followee_id': { key: 'id', section: 'followers' },
  'notifications.user_id': { key: 'id', section: 'notifications' },
  'outbound_clicks.visitor': { key: 'u<id>', section: 'outboundClicks' },
  'project_impressions.visitor': { key: 'u:<id>', section: 'impressions' },
  'moderation_log.subject_user_id': { key: 'id', section: 'moderation' },
  'moderation_log.actor_id': { key: 'id', section: 'moderation' },
  'visitor_replies.admin_user_id': { key: 'id', section: 'visitorReplies' },
  'sent_emails.recipient': { key: 'email', section: 'emailsSent' },
  'webhooks.user_id': { key: 'id', section: 'webhooks' },
};

/** The columns naming a member that the export leaves out, each with why (see EXPORT_COVERAGE). */
export const EXPORT_LEFT_OUT: Record<string, { key: MemberKey; reason: string }> = {
  // A secret: the hash of a sign-in-grade token. The address it confirms is the profile's email.
  'email_confirmations.user_id': { key: 'id', reason: 'confirmation token hashes (secrets)' },
  // Secrets' hashes; the member's tokens (name, scopes, times) are listed in Settings, where they are revoked.
  'api_tokens.user_id': { key: 'id', reason: 'access token hashes (secrets)' },
  // Bookkeeping that a job ran once per event; the news it delivered is in notifications.
  'notification_deliveries.user_id': { key: 'id', reason: 'delivery bookkeeping, keyed by event' },
  // Sums derived from the votes on the member's projects, which projects carries.
  'contributor_totals.user_id': { key: 'id', reason: "derived from the projects' votes" },
  'top_contributors.user_id': { key: 'id', reason: "derived from the projects' votes" },
  // Fraud-prevention evidence naming other accounts; a confirmed ring's public record is in moderation.
  'integrity_clusters.reviewed_by': { key: 'id', reason: 'ring evidence naming other accounts' },
  // Other members' notifications naming this member among those who acted: the recipients' data.
  'notifications.actor_ids': { key: 'ids', reason: "other members' notifications" },
};

/** The export's queries. Pass the pool or a transaction (one REPEATABLE READ snapshot keeps the sections consistent). */
export function makeDataExportQueries(sql: Tx) {
  return {
    async profile(userId: number): Promise<ExportProfileRow | undefined> {
      const [row] = await sql<ExportProfileRow[]>`
        SELECT id, username, email, email_verified_at, role, bio, is_admin, is_paused, is_verified,
               developer_rating, developer_rating_count, tester_rating, tester_rating_count, activity_points,
               follower_count, following_count, notify_email, notify_kinds, created_at
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
             f.score, f.is_helpful, f.helpful_count, f.created_at, f.updated_at,
             coalesce((SELECT array_agg(a.update_id ORDER BY a.update_id) FROM project_update_feedback a
                       WHERE a.feedback_id = f.id), '{}') AS addressed_by_update_ids
      FROM test_feedback f JOIN project_requests r ON r.id = f.request_id JOIN users u ON u.id = f.tester_id
      WHERE f.tester_id = ${userId} ORDER BY f.created_at DESC, f.id DESC LIMIT ${limit}`,
    feedbackReceived: (userId: number, limit: number) => sql<ExportFeedbackRow[]>`
      SELECT f.id, f.request_id, r.title AS request_title, u.username AS tester_username, f.worked, f.problems, f.suggestions,
             f.score, f.is_helpful, f.helpful_count, f.created_at, f.updated_at,
             coalesce((SELECT array_agg(a.update_id ORDER BY a.update_id) FROM project_update_feedback a
                       WHERE a.feedback_id = f.id), '{}') AS addressed_by_update_ids
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
    followers: (userId: number, limit: number) => sql<ExportFollowerRow[]>`
      SELECT u.username, f.created_at AS followed_at
      FROM follows f JOIN users u ON u.id = f.follower_id
      WHERE f.followee_id = ${userId} ORDER BY f.created_at DESC, f.follower_id DESC LIMIT ${limit}`,
    notifications: (userId: number, limit: number) => sql<ExportNotificationRow[]>`
      SELECT id, kind, url, subject, detail, count, created_at, read_at, emailed_at
      FROM notifications WHERE user_id = ${userId} ORDER BY created_at DESC, id DESC LIMIT ${limit}`,
    pictures: (userId: number, limit: number) => sql<ExportPictureRow[]>`
      SELECT m.id, m.project_id, m.position, m.alt, m.width, m.height,
             coalesce((SELECT array_agg(v->>'key' ORDER BY (v->>'width')::int, v->>'type')
                       FROM jsonb_array_elements(m.variants) v), '{}') AS keys, m.created_at
      FROM project_media m JOIN projects p ON p.id = m.project_id
      WHERE p.user_id = ${userId} ORDER BY m.created_at DESC, m.id DESC LIMIT ${limit}`,
    outboundClicks: (userId: number, limit: number) => sql<ExportProjectDayRow[]>`
      SELECT c.project_id, p.title AS project_title, c.day::text AS day
      FROM outbound_clicks c JOIN projects p ON p.id = c.project_id
      WHERE c.visitor = ${`u${userId}`} ORDER BY c.day DESC, c.project_id DESC LIMIT ${limit}`,
    impressions: (userId: number, limit: number) => sql<ExportProjectDayRow[]>`
      SELECT i.project_id, p.title AS project_title, i.day::text AS day
      FROM project_impressions i JOIN projects p ON p.id = i.project_id
      WHERE i.visitor = ${`u:${userId}`} ORDER BY i.day DESC, i.project_id DESC LIMIT ${limit}`,
    moderation: (userId: number, limit: number) => sql<ExportModerationRow[]>`
      SELECT id, CASE WHEN subject_user_id = ${userId} THEN 'subject' ELSE 'actor' END AS role, action, subject_type,
             subject_id, subject_title, reason, created_at
      FROM moderation_log WHERE subject_user_id = ${userId} OR actor_id = ${userId}
      ORDER BY id DESC LIMIT ${limit}`,
    visitorReplies: (userId: number, limit: number) => sql<ExportVisitorReplyRow[]>`
      SELECT id, message_id, subject, message, created_at
      FROM visitor_replies WHERE admin_user_id = ${userId} ORDER BY created_at DESC, id DESC LIMIT ${limit}`,
    emailsSent: (userId: number, limit: number) => sql<ExportEmailSentRow[]>`
      SELECT e.kind, e.sent_at FROM sent_emails e JOIN users u ON u.id = ${userId} AND e.recipient = u.email
      ORDER BY e.sent_at DESC, e.event_id DESC LIMIT ${limit}`,
    webhooks: (userId: number, limit: number) => sql<ExportWebhookRow[]>`
      SELECT id, url, events, project_id, disabled_at, created_at
      FROM webhooks WHERE user_id = ${userId} ORDER BY id DESC LIMIT ${limit}`,
  };
}
