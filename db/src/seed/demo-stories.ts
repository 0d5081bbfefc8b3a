import type { Tx } from '../sql';
import { sitePaths } from '@vitrine/domain/site-paths';
import { HELPFUL_FEEDBACK_POINTS } from '@vitrine/domain/test-requests';

/**
 * The demo's stories: what members do around a few projects, so every feature has something to show
 * on a fresh site. Comment threads with mentions and replies, test requests with feedback (some marked
 * helpful), updates crediting that feedback, follows, each member's notifications of all that, and a
 * project whose address stopped answering. Rows are built directly, as the rest of the seed does, with
 * every counter computed from the rows it counts (demo.ts).
 */

/** A seeded project as the stories need it. */
export interface StoryProject {
  id: number;
  title: string;
  userId: number;
  createdAt: Date;
}

/** The author of a comment who is the project's maker. */
const OWNER = 'owner';

/** One comment of a thread: its author (a demo member's name, or OWNER), its text, and its replies (one level deep, as the site allows). */
interface StoryComment {
  by: string;
  body: string;
  replies?: Array<{ by: string; body: string }>;
}

/** Threads per project title. `@name` of a demo member becomes a mention linking their profile. */
const THREADS: Record<string, StoryComment[]> = {
  'Pixel Garden': [
    {
      by: 'linus_qa',
      body: 'It rained here this morning and my garden got puddles. Lovely touch! Does it keep growing when I am offline?',
      replies: [
        {
          by: 'ada_dev',
          body: 'Thanks @linus_qa! Offline it keeps the last forecast it saw and catches up when you are back.',
        },
        { by: 'margaret_qa', body: 'A small "last updated" note would help there, @ada_dev.' },
      ],
    },
    {
      by: 'grace_maker',
      body: '@ken_qa you asked for a cosy garden game last week: this is the one.',
      replies: [{ by: 'ken_qa', body: 'Planted three sunflowers already. The night sky is a nice surprise.' }],
    },
    { by: 'dennis_maker', body: 'Would love a way to share my garden as a picture.' },
  ],
  'Transit Pulse': [
    {
      by: 'hedy_dev',
      body: 'The colours make the late buses obvious at a glance. Which cities are next?',
      replies: [{ by: OWNER, body: 'Two more next month. @hedy_dev yours is on the list.' }],
    },
    { by: 'tim_qa', body: 'Works well on my phone, even on a slow train connection.' },
  ],
  'Orbit Golf': [
    {
      by: 'frances_qa',
      body: 'Level 7 took me twenty shots. Worth every one.',
      replies: [{ by: 'alan_dev', body: 'Try a wide loop round the moon, @frances_qa: it saves about ten.' }],
    },
  ],
  'Budget Buddy': [{ by: 'sophie_qa', body: 'The monthly chart finally showed me where the coffee money goes.' }],
};

/** A test request of a project, with the feedback its testers gave. */
interface StoryRequest {
  project: string;
  title: string;
  description: string;
  skills: string[];
  status: 'open' | 'in_progress';
  feedback: Array<{ by: string; worked: string; problems: string; suggestions: string; score: number; helpful?: true }>;
  /** Testers who joined without feedback yet. */
  joined?: string[];
}

const REQUESTS: StoryRequest[] = [
  {
    project: 'Pixel Garden',
    title: 'Try the first seasons',
    description: 'Plant a few seeds, leave the tab for a day, then tell us what you found when you came back.',
    skills: ['game testing', 'mobile'],
    status: 'in_progress',
    feedback: [
      {
        by: 'linus_qa',
        worked: 'Planting and the weather sync.',
        problems: 'After a day offline the garden looked frozen, with no hint why.',
        suggestions: 'Say when the forecast was last fetched.',
        score: 8,
        helpful: true,
      },
      {
        by: 'margaret_qa',
        worked: 'The pixel art is charming on a big screen.',
        problems: 'On my phone the seed buttons are hard to hit.',
        suggestions: 'Bigger buttons below 400 px.',
        score: 7,
        helpful: true,
      },
      {
        by: 'ken_qa',
        worked: 'Night sky and the rain.',
        problems: 'None I could find.',
        suggestions: 'More flowers!',
        score: 9,
      },
    ],
  },
  {
    project: 'Orbit Golf',
    title: 'Is level 7 too hard?',
    description: 'Play levels 5 to 8 and tell us where you got stuck and how many shots each one took.',
    skills: ['game testing'],
    status: 'open',
    feedback: [
      {
        by: 'frances_qa',
        worked: 'Gravity feels right.',
        problems: 'Level 7 needs a hint.',
        suggestions: 'Show the ideal path after ten shots.',
        score: 7,
      },
    ],
    joined: ['tim_qa'],
  },
];

/** Updates (devlogs) per project title, oldest first; `credits` names the testers whose feedback each addresses. */
const UPDATES: Record<string, Array<{ title: string; body: string; credits?: string[] }>> = {
  'Pixel Garden': [
    { title: 'First seasons', body: 'Spring and summer are in. Plants now wilt in a heatwave and love a rainy day.' },
    {
      title: 'Offline gardens and bigger buttons',
      body: 'Your garden now says when the forecast was last fetched, and the seed buttons grow on small screens. Thanks to the testers who pointed both out.',
      credits: ['linus_qa', 'margaret_qa'],
    },
  ],
  'Transit Pulse': [
    { title: 'Night buses', body: 'Night routes are on the map now, in their own colour so they stand out.' },
  ],
};

/** Who follows whom: follower -> the makers they follow. */
const FOLLOWS: Record<string, string[]> = {
  linus_qa: ['ada_dev', 'radia_maker'],
  margaret_qa: ['ada_dev'],
  ken_qa: ['ada_dev', 'grace_maker'],
  grace_maker: ['ada_dev'],
  dennis_maker: ['ada_dev', 'alan_dev'],
  hedy_dev: ['radia_maker'],
  tim_qa: ['radia_maker', 'alan_dev'],
  ada_dev: ['grace_maker', 'radia_maker'],
  frances_qa: ['alan_dev'],
};

/** The project of the demo that is down: its address stopped answering a few checks ago. */
export const DOWN_PROJECT = 'Link Shrinker';

/**
 * The projects the demo's stories are about (threads, test requests, updates, the down one): the demo's
 * moderation (a report that removed a project) never lands on one of them.
 */
export const STORY_PROJECTS: ReadonlySet<string> = new Set([
  ...Object.keys(THREADS),
  ...REQUESTS.map((r) => r.project),
  ...Object.keys(UPDATES),
  DOWN_PROJECT,
]);
/** Minutes between the down project's past checks, and how many of the last ones failed. */
const CHECK_EVERY_MINUTES = 15;
const CHECK_HISTORY_DAYS = 3;
const FAILED_CHECKS = 6;

/** A mention in a demo text. */
const MENTION = /@([a-z]+_(?:dev|qa|maker))/g;

/** A demo text as the site renders a comment or an update: escaped paragraphs, mentions linked. */
function renderStory(body: string): string {
  const escaped = body.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const linked = escaped.replace(
    MENTION,
    (_, name: string) => `<a href="${sitePaths.user(name)}" class="mention">@${name}</a>`,
  );
  return `<p>${linked}</p>\n`;
}

/** The usernames a demo text mentions. */
function mentionsOf(body: string): string[] {
  return [...body.matchAll(MENTION)].map((m) => m[1]!);
}

/** Ids by username and projects by title, with a time inside a project's life. */
interface Cast {
  user: (username: string) => number;
  project: (title: string) => StoryProject;
  /** `share` (0..1) of the way from the project's creation to now. */
  during: (project: StoryProject, share: number) => Date;
}

/** A notification row as the worker would have written it (migration 0022). */
interface NotificationRow {
  user_id: number;
  kind: string;
  group_key: string;
  project_id: number | null;
  url: string;
  subject: string;
  detail: string | null;
  actor_ids: number[];
  count: number;
  actor_count: number;
  created_at: Date;
  read_at: Date | null;
}

/**
 * Adds one notification per recipient, grouping with an unread one of the same kind and place as the
 * worker does (db/src/queries/notifications.ts `deliver`): newest actor first, counted once.
 */
function notify(rows: NotificationRow[], row: Omit<NotificationRow, 'count' | 'actor_count'>): void {
  if (row.actor_ids.includes(row.user_id)) return;
  const open = rows.find(
    (r) => r.user_id === row.user_id && r.kind === row.kind && r.group_key === row.group_key && r.read_at === null,
  );
  if (!open || row.read_at !== null) {
    rows.push({ ...row, count: 1, actor_count: row.actor_ids.length || 1 });
    return;
  }
  const actors = [...row.actor_ids, ...open.actor_ids.filter((a) => !row.actor_ids.includes(a))];
  Object.assign(open, {
    actor_ids: actors.slice(0, 3),
    actor_count: actors.length,
    count: open.count + 1,
    created_at: row.created_at > open.created_at ? row.created_at : open.created_at,
  });
}

/** The comment threads, and the notifications of each comment, reply and mention. */
async function seedThreads(tx: Tx, cast: Cast, notes: NotificationRow[]): Promise<void> {
  for (const [title, threads] of Object.entries(THREADS)) {
    const project = cast.project(title);
    const step = 0.7 / (threads.length * 3);
    let at = 0.2;
    for (const thread of threads) {
      at += step;
      const top = await insertComment(tx, cast, project, null, thread.by, thread.body, cast.during(project, at), notes);
      for (const reply of thread.replies ?? []) {
        at += step;
        await insertComment(tx, cast, project, top, reply.by, reply.body, cast.during(project, at), notes);
      }
    }
  }
  await tx`
    UPDATE comments c SET reply_count = (SELECT count(*) FROM comments r WHERE r.parent_id = c.id AND r.deleted_at IS NULL)
    WHERE c.parent_id IS NULL`;
}

/** One comment and its news: a mention to each member named, a reply to the parent's author, a comment to the maker. */
async function insertComment(
  tx: Tx,
  cast: Cast,
  project: StoryProject,
  parent: { id: number; authorId: number } | null,
  by: string,
  body: string,
  at: Date,
  notes: NotificationRow[],
): Promise<{ id: number; authorId: number }> {
  const authorId = by === OWNER ? project.userId : cast.user(by);
  const [row] = await tx<{ id: number }[]>`
    INSERT INTO comments (project_id, parent_id, author_id, body, html, created_at)
    VALUES (${project.id}, ${parent?.id ?? null}, ${authorId}, ${body}, ${renderStory(body)}, ${at}) RETURNING id`;
  const place = {
    project_id: project.id,
    url: `${sitePaths.project(project.id)}#comments-heading`,
    subject: project.title,
    detail: null,
    actor_ids: [authorId],
    created_at: at,
    read_at: null,
  };
  const told = new Set([authorId]);
  for (const name of mentionsOf(body)) {
    const userId = cast.user(name);
    if (told.has(userId)) continue;
    told.add(userId);
    notify(notes, { ...place, user_id: userId, kind: 'mention', group_key: `comment:${row!.id}` });
  }
  if (parent && !told.has(parent.authorId)) {
    told.add(parent.authorId);
    notify(notes, { ...place, user_id: parent.authorId, kind: 'reply', group_key: `thread:${parent.id}` });
  }
  if (!told.has(project.userId))
    notify(notes, { ...place, user_id: project.userId, kind: 'comment', group_key: `project:${project.id}` });
  return { id: row!.id, authorId };
}

/** The feedback of a request's testers, the helpful marks and their points, and the news of each. */
async function seedFeedback(
  tx: Tx,
  cast: Cast,
  { story, project, requestId }: { story: StoryRequest; project: StoryProject; requestId: number },
  feedbackIds: Map<string, number>,
  notes: NotificationRow[],
): Promise<void> {
  const place = { project_id: project.id, url: sitePaths.testRequest(requestId), subject: story.title, detail: null };
  for (const [i, f] of story.feedback.entries()) {
    const at = cast.during(project, 0.35 + i * 0.05);
    const [row] = await tx<{ id: number }[]>`
      INSERT INTO test_feedback (request_id, tester_id, worked, problems, suggestions, score, is_helpful,
        helpful_count, created_at, updated_at)
      VALUES (${requestId}, ${cast.user(f.by)}, ${f.worked}, ${f.problems}, ${f.suggestions}, ${f.score},
        ${f.helpful === true}, ${f.helpful ? 1 : 0}, ${at}, ${at}) RETURNING id`;
    feedbackIds.set(`${story.project}:${f.by}`, row!.id);
    notify(notes, {
      ...place,
      user_id: project.userId,
      kind: 'feedbackPosted',
      group_key: `request:${requestId}`,
      actor_ids: [cast.user(f.by)],
      created_at: at,
      read_at: null,
    });
    if (!f.helpful) continue;
    await tx`UPDATE users SET activity_points = activity_points + ${HELPFUL_FEEDBACK_POINTS} WHERE id = ${cast.user(f.by)}`;
    notify(notes, {
      ...place,
      user_id: cast.user(f.by),
      kind: 'feedbackHelpful',
      group_key: `request:${requestId}`,
      actor_ids: [],
      created_at: cast.during(project, 0.6),
      read_at: null,
    });
  }
}

/** The test requests, their testers and feedback; answers each tester's feedback id per project title. */
async function seedRequests(tx: Tx, cast: Cast, now: Date, notes: NotificationRow[]): Promise<Map<string, number>> {
  const feedbackIds = new Map<string, number>();
  for (const story of REQUESTS) {
    const project = cast.project(story.project);
    const testers = [...story.feedback.map((f) => f.by), ...(story.joined ?? [])];
    const [request] = await tx<{ id: number }[]>`
      INSERT INTO project_requests (project_id, user_id, title, description, status, skills_needed, deadline,
        max_testers, tester_count, feedback_count, created_at, updated_at)
      VALUES (${project.id}, ${project.userId}, ${story.title}, ${story.description}, ${story.status},
        ${story.skills}, ${new Date(now.getTime() + 10 * 24 * 3600_000)}, 10, ${testers.length},
        ${story.feedback.length}, ${cast.during(project, 0.1)}, ${cast.during(project, 0.5)}) RETURNING id`;
    const place = {
      project_id: project.id,
      url: sitePaths.testRequest(request!.id),
      subject: story.title,
      detail: null,
    };
    for (const [i, name] of testers.entries()) {
      const joinedAt = cast.during(project, 0.15 + i * 0.05);
      await tx`INSERT INTO test_request_testers (request_id, user_id, joined_at) VALUES (${request!.id}, ${cast.user(name)}, ${joinedAt})`;
      notify(notes, {
        ...place,
        user_id: project.userId,
        kind: 'testerJoined',
        group_key: `request:${request!.id}`,
        actor_ids: [cast.user(name)],
        created_at: joinedAt,
        read_at: cast.during(project, 0.3),
      });
    }
    await seedFeedback(tx, cast, { story, project, requestId: request!.id }, feedbackIds, notes);
  }
  return feedbackIds;
}

/** The updates, the feedback they credit, and the news to the credited testers and the maker's followers. */
async function seedUpdates(
  tx: Tx,
  cast: Cast,
  feedbackIds: Map<string, number>,
  followersOf: (userId: number) => number[],
  notes: NotificationRow[],
): Promise<void> {
  for (const [title, updates] of Object.entries(UPDATES)) {
    const project = cast.project(title);
    for (const [i, update] of updates.entries()) {
      const at = cast.during(project, 0.5 + (i * 0.4) / updates.length);
      const [row] = await tx<{ id: number }[]>`
        INSERT INTO project_updates (project_id, author_id, title, body, html, created_at)
        VALUES (${project.id}, ${project.userId}, ${update.title}, ${update.body}, ${renderStory(update.body)}, ${at})
        RETURNING id`;
      const place = {
        project_id: project.id,
        url: `${sitePaths.project(project.id)}#update-${row!.id}`,
        subject: project.title,
        detail: update.title,
        actor_ids: [project.userId],
        created_at: at,
        read_at: null,
      };
      const credited = (update.credits ?? []).map((name) => cast.user(name));
      for (const name of update.credits ?? []) {
        const feedbackId = feedbackIds.get(`${title}:${name}`)!;
        await tx`INSERT INTO project_update_feedback (update_id, feedback_id, tester_id)
                 VALUES (${row!.id}, ${feedbackId}, ${cast.user(name)})`;
        notify(notes, {
          ...place,
          user_id: cast.user(name),
          kind: 'feedbackAddressed',
          group_key: `update:${row!.id}`,
        });
      }
      for (const follower of followersOf(project.userId).filter((f) => !credited.includes(f)))
        notify(notes, { ...place, user_id: follower, kind: 'projectUpdate', group_key: `updates:${project.id}` });
    }
  }
}

/** The follows, with both counters of each member computed from them. */
async function seedFollows(tx: Tx, cast: Cast, now: Date): Promise<(userId: number) => number[]> {
  const rows = Object.entries(FOLLOWS).flatMap(([follower, makers], i) =>
    makers.map((maker, j) => ({
      follower_id: cast.user(follower),
      followee_id: cast.user(maker),
      created_at: new Date(now.getTime() - (10 - i) * 24 * 3600_000 - j * 3600_000),
    })),
  );
  await tx`INSERT INTO follows ${tx(rows)}`;
  await tx`
    UPDATE users u SET
      follower_count = (SELECT count(*) FROM follows f WHERE f.followee_id = u.id),
      following_count = (SELECT count(*) FROM follows f WHERE f.follower_id = u.id)
    WHERE u.id IN (SELECT follower_id FROM follows UNION SELECT followee_id FROM follows)`;
  return (userId) => rows.filter((r) => r.followee_id === userId).map((r) => r.follower_id);
}

/** The followers' news of the newest project of each maker they follow. */
function notifyNewProjects(
  now: Date,
  projects: StoryProject[],
  followersOf: (userId: number) => number[],
  notes: NotificationRow[],
): void {
  const newest = new Map<number, StoryProject>();
  for (const p of projects) if (p.createdAt > (newest.get(p.userId)?.createdAt ?? new Date(0))) newest.set(p.userId, p);
  for (const [makerId, project] of newest)
    for (const follower of followersOf(makerId))
      notify(notes, {
        user_id: follower,
        kind: 'newProject',
        group_key: `project:${project.id}`,
        project_id: project.id,
        url: sitePaths.project(project.id),
        subject: project.title,
        detail: null,
        actor_ids: [makerId],
        created_at: project.createdAt,
        read_at: project.createdAt.getTime() < now.getTime() - 3 * 24 * 3600_000 ? project.createdAt : null,
      });
}

/**
 * The down project: checks every CHECK_EVERY_MINUTES over CHECK_HISTORY_DAYS that answered, then
 * FAILED_CHECKS failures in a row (down since the first), and its maker's notification of it.
 */
async function seedDownProject(tx: Tx, cast: Cast, now: Date, notes: NotificationRow[]): Promise<void> {
  const project = cast.project(DOWN_PROJECT);
  const total = (CHECK_HISTORY_DAYS * 24 * 60) / CHECK_EVERY_MINUTES;
  const checks = Array.from({ length: total }, (_, i) => {
    const failed = i >= total - FAILED_CHECKS;
    return {
      project_id: project.id,
      checked_at: new Date(now.getTime() - (total - i) * CHECK_EVERY_MINUTES * 60_000),
      outcome: failed ? 'fail' : 'up',
      http_status: failed ? 503 : 200,
      latency_ms: failed ? null : 120 + ((i * 37) % 180),
      error: failed ? 'HTTP 503' : null,
    };
  });
  await tx`INSERT INTO project_checks ${tx(checks)}`;
  const since = checks[total - FAILED_CHECKS]!.checked_at;
  const last = checks[total - 1]!.checked_at;
  await tx`
    INSERT INTO project_health (project_id, status, since, failures, failing_since, checked_at, latency_ms)
    VALUES (${project.id}, 'down', ${since}, ${FAILED_CHECKS}, ${since}, ${last}, null)`;
  notify(notes, {
    user_id: project.userId,
    kind: 'projectHealth',
    group_key: `health:${project.id}`,
    project_id: project.id,
    url: sitePaths.project(project.id),
    subject: project.title,
    detail: 'down',
    actor_ids: [],
    created_at: checks[total - FAILED_CHECKS + 2]!.checked_at,
    read_at: null,
  });
}

/**
 * Seeds the stories of the demo (see the top of this file) on the projects and users already made;
 * `usernames` maps each demo member's name to their id.
 */
export async function seedStories(
  tx: Tx,
  projects: StoryProject[],
  usernames: Map<string, number>,
  now: Date,
): Promise<void> {
  const cast: Cast = {
    user: (name) => {
      const id = usernames.get(name);
      if (id === undefined) throw new Error(`no demo member ${name}`);
      return id;
    },
    project: (title) => {
      const project = projects.find((p) => p.title === title);
      if (!project) throw new Error(`no demo project ${title}`);
      return project;
    },
    during: (project, share) =>
      new Date(project.createdAt.getTime() + share * (now.getTime() - project.createdAt.getTime())),
  };
  const notes: NotificationRow[] = [];
  const followersOf = await seedFollows(tx, cast, now);
  notifyNewProjects(now, projects, followersOf, notes);
  await seedThreads(tx, cast, notes);
  const feedbackIds = await seedRequests(tx, cast, now, notes);
  await seedUpdates(tx, cast, feedbackIds, followersOf, notes);
  await seedDownProject(tx, cast, now, notes);
  if (notes.length > 0) await tx`INSERT INTO notifications ${tx(notes)}`;
  await tx`
    UPDATE projects p SET
      comment_count = (SELECT count(*) FROM comments c WHERE c.project_id = p.id AND c.deleted_at IS NULL AND NOT c.hidden),
      update_count = (SELECT count(*) FROM project_updates u WHERE u.project_id = p.id AND u.deleted_at IS NULL),
      last_update_at = (SELECT max(created_at) FROM project_updates u WHERE u.project_id = p.id AND u.deleted_at IS NULL)`;
}
