import type { Role, ReportReason, ReportStatus } from '@vitrine/domain/constants';
import type { RequestStatus } from '@vitrine/domain/test-requests';
import type {
  ExportCommentReportRow,
  ExportCommentRow,
  ExportProjectUpdateRow,
  ExportFeedbackRow,
  ExportEmailSentRow,
  ExportFollowRow,
  ExportModerationRow,
  ExportNotificationRow,
  ExportPictureRow,
  ExportProjectDayRow,
  ExportVisitorReplyRow,
  ExportMessageRow,
  ExportPeerRatingRow,
  ExportProfileRow,
  ExportProjectRow,
  ExportRatingRow,
  ExportReportRow,
  ExportSubmissionRow,
  ExportTestRequestRow,
  ExportTesterRow,
  ExportVoteRow,
  ExportWebhookRow,
} from '@vitrine/db/queries/data-export';
import type { DataExportAnswer, ExportList } from '@vitrine/domain/answers';
import { mediaUrl } from '../media/keys';

/** The rows of an export as loaded (api/src/data-export-loader.ts). */
export interface DataExportRows {
  profile: ExportProfileRow;
  projects: ExportProjectRow[];
  votes: ExportVoteRow[];
  ratings: ExportRatingRow[];
  reports: ExportReportRow[];
  messages: ExportMessageRow[];
  testRequests: ExportTestRequestRow[];
  testerOf: ExportTesterRow[];
  feedbackGiven: ExportFeedbackRow[];
  feedbackReceived: ExportFeedbackRow[];
  peerRatingsGiven: ExportPeerRatingRow[];
  peerRatingsReceived: ExportPeerRatingRow[];
  submissions: ExportSubmissionRow[];
  comments: ExportCommentRow[];
  projectUpdates: ExportProjectUpdateRow[];
  commentReports: ExportCommentReportRow[];
  following: ExportFollowRow[];
  followers: ExportFollowRow[];
  notifications: ExportNotificationRow[];
  pictures: ExportPictureRow[];
  outboundClicks: ExportProjectDayRow[];
  impressions: ExportProjectDayRow[];
  moderation: ExportModerationRow[];
  visitorReplies: ExportVisitorReplyRow[];
  emailsSent: ExportEmailSentRow[];
  webhooks: ExportWebhookRow[];
  truncated: ExportList[];
}

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

const feedback = (f: ExportFeedbackRow) => ({
  id: f.id,
  requestId: f.requestId,
  requestTitle: f.requestTitle,
  testerUsername: f.testerUsername,
  worked: f.worked,
  problems: f.problems,
  suggestions: f.suggestions,
  score: f.score,
  isHelpful: f.isHelpful,
  helpfulCount: f.helpfulCount,
  createdAt: iso(f.createdAt),
  updatedAt: iso(f.updatedAt),
  addressedByUpdateIds: f.addressedByUpdateIds,
});
const peerRating = (r: ExportPeerRatingRow) => ({
  id: r.id,
  requestId: r.requestId,
  otherUsername: r.otherUsername,
  rating: r.rating,
  ratingType: r.ratingType,
  feedback: r.feedback,
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

const projectDay = (r: ExportProjectDayRow) => ({ projectId: r.projectId, projectTitle: r.projectTitle, day: r.day });

/** A member's data export, field by field: never the password hash, the session cut-off or a token. */
export function presentDataExport(rows: DataExportRows, exportedAt: Date): DataExportAnswer {
  const p = rows.profile;
  return {
    exportedAt: iso(exportedAt),
    profile: {
      id: p.id,
      username: p.username,
      email: p.email,
      emailVerifiedAt: isoOrNull(p.emailVerifiedAt),
      role: p.role as Role,
      bio: p.bio,
      isAdmin: p.isAdmin,
      isPaused: p.isPaused,
      isVerified: p.isVerified,
      developerRating: Number(p.developerRating),
      developerRatingCount: p.developerRatingCount,
      testerRating: Number(p.testerRating),
      testerRatingCount: p.testerRatingCount,
      activityPoints: p.activityPoints,
      followerCount: p.followerCount,
      followingCount: p.followingCount,
      notifyEmail: p.notifyEmail,
      notifyKinds: p.notifyKinds,
      createdAt: iso(p.createdAt),
    },
    projects: rows.projects.map((r) => ({
      id: r.id,
      title: r.title,
      description: r.description,
      replitUrl: r.replitUrl,
      category: r.category,
      tags: r.tags,
      votes: r.votes,
      views: r.views,
      averageRating: Number(r.averageRating),
      totalRatings: r.totalRatings,
      isHidden: r.isHidden,
      createdAt: iso(r.createdAt),
    })),
    votes: rows.votes.map((v) => ({
      projectId: v.projectId,
      projectTitle: v.projectTitle,
      ipAddress: v.ipAddress,
      createdAt: iso(v.createdAt),
    })),
    ratings: rows.ratings.map((r) => ({
      projectId: r.projectId,
      projectTitle: r.projectTitle,
      ipAddress: r.ipAddress,
      rating: r.rating,
      createdAt: iso(r.createdAt),
      updatedAt: iso(r.updatedAt),
    })),
    reports: rows.reports.map((r) => ({
      id: r.id,
      projectId: r.projectId,
      projectTitle: r.projectTitle,
      reason: r.reason as ReportReason,
      additionalDetails: r.additionalDetails,
      status: r.status as ReportStatus,
      createdAt: iso(r.createdAt),
    })),
    messages: rows.messages.map((m) => ({
      id: m.id,
      direction: m.direction,
      otherUsername: m.otherUsername,
      subject: m.subject,
      message: m.message,
      isRead: m.isRead,
      createdAt: iso(m.createdAt),
    })),
    testRequests: rows.testRequests.map((r) => ({
      id: r.id,
      projectId: r.projectId,
      title: r.title,
      description: r.description,
      status: r.status as RequestStatus,
      skillsNeeded: r.skillsNeeded,
      deadline: isoOrNull(r.deadline),
      maxTesters: r.maxTesters,
      testerCount: r.testerCount,
      feedbackCount: r.feedbackCount,
      isHidden: r.isHidden,
      createdAt: iso(r.createdAt),
      updatedAt: iso(r.updatedAt),
    })),
    testerOf: rows.testerOf.map((t) => ({
      requestId: t.requestId,
      requestTitle: t.requestTitle,
      joinedAt: iso(t.joinedAt),
    })),
    feedbackGiven: rows.feedbackGiven.map(feedback),
    feedbackReceived: rows.feedbackReceived.map(feedback),
    peerRatingsGiven: rows.peerRatingsGiven.map(peerRating),
    peerRatingsReceived: rows.peerRatingsReceived.map(peerRating),
    submissions: rows.submissions.map((s) => ({
      projectId: s.projectId,
      ipAddress: s.ipAddress,
      createdAt: iso(s.createdAt),
    })),
    comments: rows.comments.map((c) => ({
      id: c.id,
      projectId: c.projectId,
      projectTitle: c.projectTitle,
      parentId: c.parentId,
      body: c.body,
      hidden: c.hidden,
      createdAt: iso(c.createdAt),
      editedAt: isoOrNull(c.editedAt),
      deletedAt: isoOrNull(c.deletedAt),
    })),
    projectUpdates: rows.projectUpdates.map((u) => ({
      id: u.id,
      projectId: u.projectId,
      projectTitle: u.projectTitle,
      title: u.title,
      body: u.body,
      createdAt: iso(u.createdAt),
      editedAt: isoOrNull(u.editedAt),
      deletedAt: isoOrNull(u.deletedAt),
      addressedFeedbackIds: u.addressedFeedbackIds,
    })),
    commentReports: rows.commentReports.map((r) => ({
      id: r.id,
      commentId: r.commentId,
      projectId: r.projectId,
      reason: r.reason as ReportReason,
      additionalDetails: r.additionalDetails,
      status: r.status as ReportStatus,
      createdAt: iso(r.createdAt),
    })),
    following: rows.following.map((f) => ({ username: f.username, followedAt: iso(f.followedAt) })),
    followers: rows.followers.map((f) => ({ username: f.username, followedAt: iso(f.followedAt) })),
    notifications: rows.notifications.map((n) => ({
      id: n.id,
      kind: n.kind,
      url: n.url,
      subject: n.subject,
      detail: n.detail,
      count: n.count,
      createdAt: iso(n.createdAt),
      readAt: isoOrNull(n.readAt),
      emailedAt: isoOrNull(n.emailedAt),
    })),
    pictures: rows.pictures.map((m) => ({
      id: m.id,
      projectId: m.projectId,
      position: m.position,
      alt: m.alt,
      width: m.width,
      height: m.height,
      urls: m.keys.map(mediaUrl),
      createdAt: iso(m.createdAt),
    })),
    outboundClicks: rows.outboundClicks.map(projectDay),
    impressions: rows.impressions.map(projectDay),
    moderation: rows.moderation.map((e) => ({
      id: e.id,
      role: e.role,
      action: e.action,
      subjectType: e.subjectType,
      subjectId: e.subjectId,
      subjectTitle: e.subjectTitle,
      reason: e.reason,
      createdAt: iso(e.createdAt),
    })),
    visitorReplies: rows.visitorReplies.map((r) => ({
      id: r.id,
      messageId: r.messageId,
      subject: r.subject,
      message: r.message,
      createdAt: iso(r.createdAt),
    })),
    emailsSent: rows.emailsSent.map((e) => ({ kind: e.kind, sentAt: iso(e.sentAt) })),
    webhooks: rows.webhooks.map((w) => ({
      id: w.id,
      url: w.url,
      events: w.events,
      projectId: w.projectId,
      disabledAt: w.disabledAt === null ? null : iso(w.disabledAt),
      createdAt: iso(w.createdAt),
    })),
    truncated: rows.truncated,
  };
}
