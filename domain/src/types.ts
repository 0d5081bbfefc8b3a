/** JSON shapes of API answers. Presenters build them; the client imports them as types. */
import type { Category, ReportReason, ReportStatus, Role } from './constants';
import type { BadgeTier } from './display';
import type { RequestStatus } from './test-requests';

/** GET /api/auth/me, and the answer of login and register. */
export interface CurrentUser {
  id: number;
  username: string;
  email: string | null;
  isAdmin: boolean;
  isPaused: boolean;
  /** The role, settings and the tiers the header menu shows. */
  role: Role;
  bio: string | null;
  emailNotices: boolean;
  developerTier: BadgeTier | null;
  testerTier: BadgeTier | null;
  /** Whether the owner confirmed `email` (false without one); only a confirmed address gets mail. */
  emailVerified: boolean;
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
  /** The author's developer badge tier, null without one. */
  ownerTier: BadgeTier | null;
}

/**
 * GET /api/projects/viewer-state?ids=: the viewer's own state of each listed project. Lists and the
 * project page are shared by every visitor (cached, hasVoted false, myRating null, canEdit false);
 * the client lays this small, private answer over them.
 */
export type ViewerState = Pick<Project, 'id' | 'hasVoted' | 'myRating' | 'canEdit'>;

/** GET /api/projects/{id}: the project with its real rating distribution. */
export interface ProjectDetail extends Project {
  /** Counts of ratings 1..10, index 0 holds the count of 1s. */
  ratingDistribution: number[];
}

/** GET /api/projects/leaderboard entry, plus card fields. */
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

/** The user part of a profile: public fields, peer ratings with tiers, activity points. */
interface ProfileUser extends PeerRatings {
  username: string;
  createdAt: string;
  role: Role;
  isVerified: boolean;
  bio: string | null;
  activityPoints: number;
}

/** GET /api/users/{username} */
export interface UserProfile {
  user: ProfileUser;
  /** Test requests the user ran or tested in. */
  requests: ProfileRequest[];
  projects: Array<
    Pick<
      Project,
      | 'id'
      | 'title'
      | 'description'
      | 'category'
      | 'tags'
      | 'votes'
      | 'views'
      | 'createdAt'
      | 'averageRating'
      | 'totalRatings'
      | 'isHidden'
    >
  >;
}

/** GET /api/users: the recipient picker. */
export interface UserOption {
  id: number;
  username: string;
}

/** A message as the inbox lists it. */
export interface MessageView {
  id: number;
  subject: string;
  message: string;
  isRead: boolean;
  createdAt: string;
  senderUserId: number | null;
  senderUsername: string | null;
  /** The sender account is an administrator's: its recipient may reply in the inbox. */
  senderIsAdmin: boolean;
  senderName: string | null;
  senderEmail: string | null;
  recipientUserId: number | null;
  recipientUsername: string | null;
  /** When an admin last answered this visitor's message by mail (shown to admins only; null otherwise). */
  repliedAt: string | null;
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

/** GET /api/admin/reports row. */
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

/**
 * What happens to the copy a contact form asked for: `sent` (on its way to a confirmed
 * address), `confirm` (a visitor's address: a confirmation link went out and the copy follows only
 * once it is followed, within a day), or null (no copy asked for).
 */
export type ContactCopy = 'sent' | 'confirm' | null;

/** POST /api/contact: the confirmation text, the message's id and what happens to the copy. */
export interface ContactSent {
  message: string;
  id: number;
  copy: ContactCopy;
}

/** POST /api/email/confirm: what was confirmed (a member's address, or a visitor's contact copy). */
export interface EmailConfirmed {
  message: string;
  confirmed: 'account' | 'contactCopy';
}

/** Every error answer. */
export interface ErrorBody {
  message: string;
}

/** A user's two peer ratings: averages out of 10 with counts, and the tier each earns. */
export interface PeerRatings {
  developerRating: number;
  developerRatingCount: number;
  /** How many of the developer ratings count toward the tier (raters with standing, one per network). */
  developerTierCount: number;
  developerTier: BadgeTier | null;
  testerRating: number;
  testerRatingCount: number;
  /** How many of the tester ratings count toward the tier. */
  testerTierCount: number;
  testerTier: BadgeTier | null;
}

/** A test request as /test-requests lists it, with what the viewer may do. */
export interface TestRequestView {
  id: number;
  projectId: number;
  projectTitle: string;
  projectCategory: string;
  ownerId: number;
  ownerUsername: string;
  /** The owner's developer rating, count and tier (the badge on lists). */
  ownerRating: number;
  ownerRatingCount: number;
  ownerTier: BadgeTier | null;
  title: string;
  description: string;
  status: RequestStatus;
  skillsNeeded: string[];
  deadline: string | null;
  maxTesters: number;
  testerCount: number;
  feedbackCount: number;
  isHidden: boolean;
  createdAt: string;
  updatedAt: string;
  viewer: {
    isOwner: boolean;
    joined: boolean;
    /** Open, before the deadline, not full, a tester role, not the owner, not joined. */
    canJoin: boolean;
  };
}

/** A tester of a request, with their tester rating. */
export interface TesterView {
  userId: number;
  username: string;
  testerRating: number;
  testerRatingCount: number;
  testerTier: BadgeTier | null;
  joinedAt: string;
}

/** A tester's structured feedback. */
export interface FeedbackView {
  id: number;
  testerId: number;
  testerUsername: string;
  worked: string;
  problems: string;
  suggestions: string;
  score: number;
  isHelpful: boolean;
  helpfulCount: number;
  createdAt: string;
  updatedAt: string;
}

/** A rating the viewer gave in a request, and until when it can be changed. */
export interface GivenRating {
  id: number;
  ratedUserId: number;
  rating: number;
  feedback: string | null;
  editableUntil: string;
}

/** GET /api/test-requests/{id}: the request, its testers and (for participants and admins) the feedback. */
export interface TestRequestDetail extends TestRequestView {
  testers: TesterView[];
  /** Every feedback for the owner, the testers and admins; null for others, who see feedbackCount only. */
  feedback: FeedbackView[] | null;
  /** The viewer's own feedback, if they are a tester who wrote one. */
  myFeedback: FeedbackView | null;
  /** Ratings the viewer gave in this request. */
  myRatings: GivenRating[];
  /** The users the viewer may rate now (completed request, a participant, not yet past the edit window). */
  rateable: Array<{ userId: number; username: string; ratingType: 'developer' | 'tester' }>;
}

/** One rating a user received, as their profile lists it. */
export interface UserRatingView {
  id: number;
  raterUsername: string;
  rating: number;
  ratingType: 'developer' | 'tester';
  feedback: string | null;
  requestId: number | null;
  requestTitle: string | null;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/users/{username}/ratings */
export interface UserRatingsAnswer extends PeerRatings {
  ratings: UserRatingView[];
}

/** The requests a user ran or tested in, on their profile. */
export interface ProfileRequest {
  id: number;
  title: string;
  projectTitle: string;
  status: RequestStatus;
  /** ran: the user owns it; tested: the user joined it. */
  as: 'owner' | 'tester';
}

/** POST /api/test-requests/{id}/ratings answer. */
export interface UserRatingResult {
  rating: GivenRating;
  /** True when an earlier rating of the same pair was changed. */
  updated: boolean;
}
