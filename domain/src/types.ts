/** JSON shapes of API answers (spec §3, §7). Presenters build them; the client imports them as types. */
import type { Category, ReportReason, ReportStatus, Role } from './constants';

/** GET /api/auth/me, and the answer of login and register. */
export interface CurrentUser {
  id: number;
  username: string;
  email: string | null;
  isAdmin: boolean;
  isPaused: boolean;
}

/** A project as every list and the detail page show it, with the viewer's own state. */
export interface Project {
  id: number;
  title: string;
  description: string;
  replitUrl: string;
  category: Category | string;
  tags: string;
  userId: number | null;
  username: string | null;
  votes: number;
  views: number;
  totalRatings: number;
  averageRating: number;
  reportCount: number;
  isHidden: boolean;
  createdAt: string;
  /** The viewer (user, else IP) has voted for it. */
  hasVoted: boolean;
  /** The signed-in viewer's own rating, else null. */
  myRating: number | null;
  /** The viewer may edit it (owner or admin). */
  canEdit: boolean;
}

/** GET /api/projects/{id}: the project with its real rating distribution. */
export interface ProjectDetail extends Project {
  /** Counts of ratings 1..10, index 0 holds the count of 1s. */
  ratingDistribution: number[];
}

/** GET /api/projects/leaderboard entry (spec §3 "leaderboard entry"), plus card fields. */
export interface LeaderboardEntry extends Project {
  rank: number;
}

/** POST /api/projects/{id}/rate: the updated project; `updated` is true for a re-rate ('Rating updated' vs 'Rating submitted'). */
export interface RatingResult extends Project {
  updated: boolean;
}

/** GET /api/projects/top-contributors entry. */
export interface TopContributor {
  rank: number;
  userId: number;
  username: string;
  projectCount: number;
  totalVotes: number;
}

/** GET /api/users/{username} */
export interface UserProfile {
  user: { username: string; createdAt: string; role: Role; isVerified: boolean; bio: string | null };
  projects: Array<Pick<Project, 'id' | 'title' | 'description' | 'category' | 'tags' | 'votes' | 'views' | 'createdAt' | 'averageRating' | 'totalRatings' | 'isHidden'>>;
}

/** GET /api/users: the recipient picker. */
export interface UserOption {
  id: number;
  username: string;
}

/** A message as the inbox lists it (spec §3 "As listed for display"). */
export interface MessageView {
  id: number;
  subject: string;
  message: string;
  isRead: boolean;
  createdAt: string;
  senderUserId: number | null;
  senderUsername: string | null;
  senderName: string | null;
  senderEmail: string | null;
  recipientUserId: number | null;
  recipientUsername: string | null;
}

/** GET /api/admin/users row. */
export interface AdminUser {
  id: number;
  username: string;
  email: string | null;
  isAdmin: boolean;
  isPaused: boolean;
  role: Role;
  isVerified: boolean;
  createdAt: string;
}

/** GET /api/admin/reports row (spec §3 "As listed for admin"). */
export interface AdminReport {
  id: number;
  projectId: number;
  projectTitle: string;
  projectHidden: boolean;
  reason: ReportReason;
  additionalDetails: string | null;
  reporterUsername: string | null;
  createdAt: string;
  status: ReportStatus;
  adminNotes: string | null;
}

/** GET /api/messages/unread-count */
export interface UnreadCount {
  count: number;
}

/** Every error answer. */
export interface ErrorBody {
  message: string;
}
