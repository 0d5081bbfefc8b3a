/**
 * Answers of the API as the presenters shape them, for the DOM tests' handlers (server.ts checks each
 * against its contract). Each builder gives a plausible whole answer; a test overrides what it is about.
 */
import type {
  AdminReport,
  AdminUser,
  CurrentUser,
  FeedbackView,
  MessageView,
  NotificationView,
  NotificationSettings,
  ProjectDetail,
  Project,
  TestRequestDetail,
  TestRequestView,
  TesterView,
  UserProfile,
} from '@vitrine/domain/answers';
import { NOTIFICATION_KINDS } from '@vitrine/domain/notifications';

/** A fixed time in the past, so dates print the same on every run. */
export const EARLIER = '2026-11-02T10:00:00.000Z';
/** A fixed time ahead (deadlines). */
export const LATER = '2027-01-15T18:00:00.000Z';

/** A signed-in member as GET /api/auth/me answers: confirmed, both roles, no tier. */
export function aMember(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 7,
    username: 'ada_dev',
    email: 'ada@example.com',
    isAdmin: false,
    isPaused: false,
    role: 'both',
    bio: null,
    developerTier: null,
    testerTier: null,
    emailVerified: true,
    ...overrides,
  };
}

/** An admin as GET /api/auth/me answers. */
export function anAdmin(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return aMember({ id: 1, username: 'site_admin', email: 'admin@example.com', isAdmin: true, ...overrides });
}

/** An open test request as /api/test-requests lists it, seen by a visitor. */
export function aTestRequest(overrides: Partial<TestRequestView> = {}): TestRequestView {
  return {
    id: 31,
    projectId: 12,
    projectTitle: 'Pixel Garden',
    projectCategory: 'Game',
    ownerId: 7,
    ownerUsername: 'ada_dev',
    ownerRating: 0,
    ownerRatingCount: 0,
    ownerTier: null,
    title: 'Axe round',
    description: 'Play the first two levels.',
    status: 'open',
    skillsNeeded: ['Games'],
    deadline: LATER,
    maxTesters: 4,
    testerCount: 0,
    feedbackCount: 0,
    isHidden: false,
    createdAt: EARLIER,
    updatedAt: EARLIER,
    viewer: { isOwner: false, joined: false, canJoin: false },
    ...overrides,
  };
}

/** A test request's page (GET /api/test-requests/{id}) with no tester yet, seen by a visitor. */
export function aRequestDetail(overrides: Partial<TestRequestDetail> = {}): TestRequestDetail {
  return {
    ...aTestRequest(),
    testers: [],
    feedback: null,
    myFeedback: null,
    myRatings: [],
    rateable: [],
    ...overrides,
  };
}

/** A profile (GET /api/users/{username}) with one project and no ratings. */
export function aProfile(username = 'ada_dev', overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    user: {
      username,
      createdAt: EARLIER,
      role: 'both',
      isVerified: true,
      bio: null,
      activityPoints: 0,
      followers: 0,
      following: 0,
      viewerFollows: false,
      feedbackAddressed: 0,
      ...NO_RATINGS,
    },
    requests: [],
    projects: [
      {
        id: 12,
        title: 'Pixel Garden',
        description: 'Grow a garden one pixel at a time.',
        category: 'Game',
        tags: 'pixel,garden',
        votes: 3,
        views: 40,
        createdAt: EARLIER,
        averageRating: 0,
        totalRatings: 0,
        isHidden: false,
        downSince: null,
      },
    ],
    ...overrides,
  };
}

/** Peer ratings of a user nobody has rated yet. */
export const NO_RATINGS = {
  developerRating: 0,
  developerRatingCount: 0,
  developerTierCount: 0,
  developerTier: null,
  testerRating: 0,
  testerRatingCount: 0,
  testerTierCount: 0,
  testerTier: null,
} as const;

/** A member's notification mail settings (GET /api/users/me/notifications): a weekly digest of every kind. */
export function notificationSettings(overrides: Partial<NotificationSettings> = {}): NotificationSettings {
  return {
    email: 'weekly',
    kinds: Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, true])) as NotificationSettings['kinds'],
    emailConfirmed: true,
    ...overrides,
  };
}

/** A tester of a request, unrated. */
export function aTester(overrides: Partial<TesterView> = {}): TesterView {
  return {
    userId: 8,
    username: 'grace_maker',
    testerRating: 0,
    testerRatingCount: 0,
    testerTier: null,
    joinedAt: EARLIER,
    ...overrides,
  };
}

/** A tester's feedback on a request, not yet marked helpful. */
export function aFeedback(overrides: Partial<FeedbackView> = {}): FeedbackView {
  return {
    id: 51,
    testerId: 8,
    testerUsername: 'grace_maker',
    worked: 'Controls feel right.',
    problems: 'Level two stutters.',
    suggestions: 'Add a pause button.',
    score: 7,
    isHelpful: false,
    helpfulCount: 0,
    createdAt: EARLIER,
    updatedAt: EARLIER,
    addressedBy: null,
    ...overrides,
  };
}

/** A project's page (GET /api/projects/{id}) seen by its owner: no votes, ratings or pictures, up. */
export function aProjectDetail(overrides: Partial<ProjectDetail> = {}): ProjectDetail {
  return {
    id: 12,
    title: 'Pixel Garden',
    description: 'Grow a garden one pixel at a time.',
    replitUrl: 'https://pixel-garden.example',
    category: 'Game',
    tags: 'pixel,garden',
    userId: 7,
    username: 'ada_dev',
    votes: 0,
    views: 40,
    totalRatings: 0,
    averageRating: 0,
    reportCount: 0,
    commentCount: 0,
    isHidden: false,
    createdAt: EARLIER,
    hasVoted: false,
    myRating: null,
    canEdit: true,
    ownerTier: null,
    cover: null,
    downSince: null,
    ratingDistribution: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    media: [],
    health: { status: 'up', since: EARLIER, checkedAt: EARLIER, uptime30d: 1, latencyMs: 120 },
    updates: 0,
    ...overrides,
  };
}

/** A project as lists show it (Project: no detail fields), by its owner ada_dev. */
export function aProject(overrides: Partial<Project> = {}): Project {
  const { ratingDistribution: _d, media: _m, health: _h, updates: _u, ...project } = aProjectDetail({ canEdit: false });
  return { ...project, ...overrides };
}

/** A member as the admin's Users tab lists them. */
export function anAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: 7,
    username: 'ada_dev',
    email: 'ada@example.com',
    isAdmin: false,
    isPaused: false,
    role: 'both',
    isVerified: true,
    createdAt: EARLIER,
    ...overrides,
  };
}

/** A pending report of a project, as the admin's Reports tab lists it. */
export function aReport(overrides: Partial<AdminReport> = {}): AdminReport {
  return {
    id: 61,
    projectId: 12,
    projectTitle: 'Pixel Garden',
    projectHidden: false,
    reason: 'spam',
    additionalDetails: 'Checked in dark mode.',
    reporterUsername: 'grace_maker',
    createdAt: EARLIER,
    status: 'pending',
    adminNotes: null,
    ...overrides,
  };
}

/** A member's message to the admins, unread. */
export function aMessage(overrides: Partial<MessageView> = {}): MessageView {
  return {
    id: 71,
    subject: 'A question about my project',
    message: 'How do I add a second picture?',
    isRead: false,
    createdAt: EARLIER,
    senderUserId: 7,
    senderUsername: 'ada_dev',
    senderIsAdmin: false,
    senderName: null,
    senderEmail: 'ada@example.com',
    recipientUserId: null,
    recipientUsername: null,
    repliedAt: null,
    ...overrides,
  };
}

/** An unread notification: ada_dev put a new project online. */
export function aNotification(overrides: Partial<NotificationView> = {}): NotificationView {
  return {
    id: 81,
    kind: 'newProject',
    text: 'ada_dev put a new project online: "Pixel Garden"',
    url: '/projects/12',
    createdAt: EARLIER,
    readAt: null,
    actors: [{ username: 'ada_dev' }],
    count: 1,
    projectId: 12,
    ...overrides,
  };
}
