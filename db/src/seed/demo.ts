import type { Sql, Tx } from '../sql';
import { hashPassword } from '../passwords';
import { runIntegrityScan } from '../queries/integrity';
import type { MediaVariantRow } from '../queries/project-media';
import { restartRunningTotals } from '../queries/rankings';
import { coverSvg, screenshotSvg } from './demo-pictures';
import { seedStories, STORY_PROJECTS } from './demo-stories';
import { seedStats } from './demo-stats';

/** Password of every demo account (the README says so; demo data is for local runs only). */
export const DEMO_PASSWORD = 'demo-gallery-visitor';

/** A small deterministic PRNG (mulberry32), so every seeded database looks the same. */
function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = [
  'ada',
  'linus',
  'grace',
  'alan',
  'margaret',
  'dennis',
  'barbara',
  'ken',
  'radia',
  'guido',
  'frances',
  'brendan',
  'hedy',
  'tim',
  'katherine',
  'bjarne',
  'sophie',
  'yukihiro',
  'anita',
  'john',
  'shafi',
  'leslie',
  'carol',
  'donald',
  'evelyn',
  'niklaus',
  'jean',
  'edsger',
  'mary',
  'james',
  'lynn',
  'rasmus',
  'annie',
  'vint',
  'joan',
  'whitfield',
];

/** [title, description, category, tags] of the demo projects: every category is represented. */
const PROJECTS: Array<[string, string, string, string]> = [
  [
    'Pixel Garden',
    'Grow a tiny pixel-art garden that changes with the real weather where you live.',
    'Game',
    'pixel art, canvas, weather',
  ],
  [
    'Snake Reloaded',
    'The classic snake game with portals, power-ups and a global high-score table.',
    'Game',
    'arcade, javascript',
  ],
  [
    'Dungeon Dice',
    'A roguelike where every move is a dice roll. Short runs, lots of replay value.',
    'Game',
    'roguelike, typescript',
  ],
  [
    'Orbit Golf',
    "Mini golf in space: use planets' gravity to sink the ball in as few shots as possible.",
    'Game',
    'physics, canvas',
  ],
  [
    'Word Ladder Duel',
    'Race a friend to turn one word into another, one letter at a time, in real time.',
    'Game',
    'multiplayer, websockets, words',
  ],
  [
    'Budget Buddy',
    'A friendly budgeting app that sorts your expenses and shows where the money goes.',
    'Web App',
    'finance, react, charts',
  ],
  [
    'Recipe Roulette',
    'Cannot decide what to cook? Spin the wheel with what is left in your fridge.',
    'Web App',
    'food, react',
  ],
  [
    'Study Timer',
    'Pomodoro timer with streaks, focus music and a weekly summary of your sessions.',
    'Web App',
    'productivity, pomodoro',
  ],
  [
    'Plant Pal',
    'Reminds you when to water each plant and learns from how they are doing.',
    'Web App',
    'plants, notifications',
  ],
  [
    'Trail Notes',
    'Log your hikes with photos, a map trace and notes you can share with friends.',
    'Web App',
    'maps, outdoors, leaflet',
  ],
  [
    'Markdown Desk',
    'A distraction-free Markdown editor with live preview and export to PDF.',
    'Utility',
    'markdown, editor',
  ],
  [
    'Color Namer',
    'Paste any hex code and get a human name, palettes that match and contrast scores.',
    'Utility',
    'design, color, accessibility',
  ],
  [
    'Regex Playground',
    'Write a regular expression and see matches, groups and an explanation as you type.',
    'Utility',
    'regex, developer tool',
  ],
  [
    'JSON Tidy',
    'Format, validate and diff JSON documents right in the browser, nothing uploaded.',
    'Utility',
    'json, developer tool',
  ],
  [
    'Cron Whisperer',
    'Turns cron expressions into plain English and shows the next ten run times.',
    'Utility',
    'cron, devops',
  ],
  ['Link Shrinker', 'A tiny URL shortener with click statistics and QR codes for every link.', 'Utility', 'urls, qr'],
  [
    'Sentiment Lens',
    'Paste a review and see its sentiment, key phrases and a confidence score.',
    'AI/ML',
    'nlp, python, machine learning',
  ],
  [
    'Sketch to Shape',
    'Draw a rough shape and a small neural network guesses what it is.',
    'AI/ML',
    'neural network, tensorflow',
  ],
  [
    'Caption Helper',
    'Suggests alt text for your images so your pages are accessible to everyone.',
    'AI/ML',
    'vision, accessibility',
  ],
  [
    'Chess Coach Bot',
    'Play a game and get move-by-move hints from a small engine that explains itself.',
    'AI/ML',
    'chess, engine',
  ],
  [
    'Spam Sieve',
    'A naive Bayes spam filter you can train with your own examples in the browser.',
    'AI/ML',
    'bayes, classification',
  ],
  [
    'Transit Pulse',
    'Live map of city buses colour-coded by how late they are running right now.',
    'Data Visualization',
    'maps, realtime, d3',
  ],
  [
    'Climate Stripes',
    'Warming stripes for any city in the world, generated from open temperature data.',
    'Data Visualization',
    'climate, d3, open data',
  ],
  [
    'Git Galaxy',
    'Turns the history of a git repository into an explorable galaxy of commits.',
    'Data Visualization',
    'git, three.js',
  ],
  [
    'Budget Sankey',
    'Visualise how a city spends its budget with an interactive Sankey diagram.',
    'Data Visualization',
    'sankey, civic tech',
  ],
  [
    'Sleep Charts',
    'Import your sleep tracker export and get clear charts of your patterns.',
    'Data Visualization',
    'health, charts',
  ],
  [
    'Flashcard Forge',
    'Spaced-repetition flashcards with images, audio and shared decks.',
    'Educational',
    'learning, spaced repetition',
  ],
  [
    'Algorithm Theater',
    'Watch sorting and graph algorithms run step by step, with narration.',
    'Educational',
    'algorithms, animation',
  ],
  [
    'Periodic Play',
    'An interactive periodic table with quizzes and element stories.',
    'Educational',
    'chemistry, quiz',
  ],
  ['Type Tutor', 'Touch-typing lessons that adapt to the keys you miss most often.', 'Educational', 'typing, lessons'],
  [
    'Kana Quest',
    'Learn hiragana and katakana through short daily quests and mini games.',
    'Educational',
    'japanese, language',
  ],
  ['Loop Station', 'A browser loop pedal: record, layer and export short music loops.', 'Creative', 'music, web audio'],
  [
    'Poem Machine',
    'Generates little poems from the words you give it, with rhyme and metre options.',
    'Creative',
    'poetry, text',
  ],
  [
    'Generative Quilts',
    'Endless quilt patterns generated from a seed you can share and print.',
    'Creative',
    'generative art, svg',
  ],
  ['Comic Panels', 'Lay out comic pages with speech bubbles and export them as images.', 'Creative', 'comics, drawing'],
  [
    'Ambient Rooms',
    'Mix rain, cafe chatter and fireplace sounds into your perfect focus room.',
    'Creative',
    'audio, ambience',
  ],
  ['Habit Hive', 'Track habits with friends in small groups that keep each other going.', 'Other', 'habits, social'],
  [
    'Board Game Night',
    'Plan board game nights: who brings what, which games, and who is coming.',
    'Other',
    'events, planning',
  ],
  [
    'Lost and Found Pets',
    'A neighbourhood board to report lost and found pets with map pins.',
    'Other',
    'community, maps',
  ],
  [
    'Meal Swap',
    'Cook double, swap a portion with neighbours, and try something new every week.',
    'Other',
    'community, food',
  ],
  ['Weather Haiku', "Today's forecast for your city, told as a haiku.", 'Creative', 'weather, poetry'],
  [
    'Tiny Kanban',
    'A kanban board in a single HTML file that keeps everything in local storage.',
    'Utility',
    'kanban, productivity',
  ],
  [
    'Quiz Arena',
    'Host live quizzes for your class or friends and watch the answers come in.',
    'Educational',
    'quiz, realtime',
  ],
  ['Starship Trader', 'A space trading game: buy low, sell high, and avoid the pirates.', 'Game', 'strategy, space'],
  [
    'Mood Palette',
    'Pick your mood each day and watch a colour palette of your month grow.',
    'Data Visualization',
    'journaling, color',
  ],
];

const REPORT_DETAILS = [
  'Looks like it links to an ad farm.',
  'Copied from another project without credit.',
  'Broken link, shows a login page.',
  null,
];
/** [subject, message] pairs of the demo messages. */
const MESSAGES: Array<[string, string]> = [
  [
    'Question about my project',
    'Hi! I submitted my project yesterday but the preview does not load. Could you take a look?\nThanks!',
  ],
  ['Feature idea', 'Love the leaderboard. Would it be possible to filter by category as well?'],
  ['Thanks for the site!', 'Just wanted to say this community is great. Got useful feedback within a day.'],
  ['Collaboration?', 'Hey, I tried your game and have a few ideas for new levels. Want to chat?'],
  ['Cannot edit my project', 'The edit dialog says my URL is invalid, but it starts with https://. What am I missing?'],
];

/**
 * Stores one demo picture (an SVG) as an upload's picture is stored: rasterized, re-encoded at the stored
 * widths and put in the media store the site serves (api/src/media/demo-pictures.ts makes one).
 */
export type StorePicture = (svg: Buffer) => Promise<{ width: number; height: number; variants: MediaVariantRow[] }>;

/** The demo projects with pictures (a cover, and that many screenshots after it): some cards have one, some not. */
const PICTURED: Record<string, number> = {
  'Pixel Garden': 2,
  'Dungeon Dice': 0,
  'Orbit Golf': 0,
  'Budget Buddy': 1,
  'Transit Pulse': 2,
  'Climate Stripes': 0,
  'Git Galaxy': 0,
  'Generative Quilts': 0,
  'Loop Station': 0,
  'Kana Quest': 0,
};

/** One stored demo picture, ready for its project_media row. */
interface DemoPicture {
  title: string;
  position: number;
  alt: string;
  stored: Awaited<ReturnType<StorePicture>>;
}

/** Draws and stores the pictures of PICTURED, one at a time (each encode already uses the cores). */
async function storePictures(storePicture: StorePicture): Promise<DemoPicture[]> {
  const pictures: DemoPicture[] = [];
  for (const [n, [title, shots]] of Object.entries(PICTURED).entries()) {
    pictures.push({ title, position: 0, alt: `${title} cover`, stored: await storePicture(coverSvg(title, n)) });
    for (let shot = 1; shot <= shots; shot += 1)
      pictures.push({
        title,
        position: shot,
        alt: `${title} screenshot ${shot}: the main screen with its panels`,
        stored: await storePicture(screenshotSvg(title, n, shot)),
      });
  }
  return pictures;
}

/** What seedDemo may be given: the time it is seeded at, and where its pictures go (none without it). */
export interface SeedOptions {
  now?: Date;
  storePicture?: StorePicture;
}

/**
 * Fills an empty database with demo data: about a dozen users of each role, 45 projects across every
 * category, and votes, ratings, views, reports and messages spread over the last 60 days, so every list
 * and the admin dashboard show something; with `storePicture`, pictures of some projects; and the
 * stories of demo-stories.ts (comments, test requests, updates, follows, notifications, a project that
 * is down). Counters are computed from the rows they count.
 * Returns false (and does nothing) when the database already has projects.
 */
export async function seedDemo(sql: Sql, options: SeedOptions = {}): Promise<boolean> {
  const now = options.now ?? new Date();
  const [existing] = await sql<{ count: number }[]>`SELECT count(*)::int AS count FROM projects`;
  if (existing && existing.count > 0) return false;
  // Drawn and encoded while the rows are written; recorded in the same transaction.
  const pictures = options.storePicture ? storePictures(options.storePicture) : Promise.resolve([]);
  // A failure is thrown where it is awaited; until then it must not count as unhandled.
  pictures.catch(() => {});
  const rand = prng(20250426);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const daysAgo = (max: number) => new Date(now.getTime() - rand() * max * 24 * 3600_000);
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  await sql.begin(async (tx) => {
    const roles = ['developer', 'tester', 'both'] as const;
    const userRows = FIRST.map((name, i) => ({
      username: `${name}_${['dev', 'qa', 'maker'][i % 3]}`,
      password_hash: passwordHash,
      email: i % 4 === 0 ? null : `${name}@example.com`,
      role: roles[i % 3]!,
      bio: i % 2 === 0 ? `Hobby ${roles[i % 3]} who likes small, useful things.` : null,
      is_verified: i % 7 === 0,
      created_at: new Date(now.getTime() - (70 - i) * 24 * 3600_000),
    }));
    const users = await tx<
      { id: number; username: string }[]
    >`INSERT INTO users ${tx(userRows)} RETURNING id, username`;
    const userIds = users.map((u) => u.id);
    const authors = userIds.filter((_, i) => i % 3 !== 1); // developers and both

    const projectRows = PROJECTS.map(([title, description, category, tags], i) => ({
      title,
      description,
      replit_url: `https://${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.example/`,
      category,
      tags,
      user_id: authors[i % authors.length]!,
      created_at: daysAgo(i < 6 ? 2 : 60),
    }));
    const projects = await tx<{ id: number; title: string; createdAt: Date; userId: number }[]>`
      INSERT INTO projects ${tx(projectRows)} RETURNING id, title, created_at, user_id`;

    // Votes: popularity varies per project; members and visitors, never before the project existed,
    // never the author's own (nobody votes for, rates or reports their own project: api/src/policies.ts).
    const votes: Array<{ project_id: number; user_id: number | null; ip_address: string; created_at: Date }> = [];
    const ratings: Array<{
      project_id: number;
      user_id: number;
      ip_address: string;
      rating: number;
      created_at: Date;
    }> = [];
    const views: Array<{ project_id: number; viewer: string; day: Date }> = [];
    for (const p of projects) {
      const popularity = rand();
      const age = (now.getTime() - p.createdAt.getTime()) / (24 * 3600_000);
      const when = () => new Date(p.createdAt.getTime() + rand() * age * 24 * 3600_000);
      const voters = userIds.filter(() => rand() < popularity * 0.6).filter((u) => u !== p.userId);
      for (const u of voters) votes.push({ project_id: p.id, user_id: u, ip_address: '127.0.0.1', created_at: when() });
      const visitors = Math.floor(popularity * 25);
      for (let v = 0; v < visitors; v += 1)
        votes.push({ project_id: p.id, user_id: null, ip_address: `203.0.113.${v + 1}`, created_at: when() });
      const quality = 4 + rand() * 6;
      for (const u of userIds.filter(() => rand() < popularity * 0.35).filter((u) => u !== p.userId)) {
        const r = Math.max(1, Math.min(10, Math.round(quality + (rand() - 0.5) * 4)));
        ratings.push({ project_id: p.id, user_id: u, ip_address: '127.0.0.1', rating: r, created_at: when() });
      }
      const viewCount = voters.length + visitors + Math.floor(rand() * 60);
      for (let v = 0; v < viewCount; v += 1)
        views.push({ project_id: p.id, viewer: `ip:198.18.${Math.floor(v / 250)}.${v % 250}`, day: when() });
    }
    for (let i = 0; i < votes.length; i += 2000) await tx`INSERT INTO votes ${tx(votes.slice(i, i + 2000))}`;
    // Votes dated in the past: running totals that might have counted past those dates start anew.
    await restartRunningTotals(tx);
    for (let i = 0; i < ratings.length; i += 2000) await tx`INSERT INTO ratings ${tx(ratings.slice(i, i + 2000))}`;
    for (let i = 0; i < views.length; i += 2000)
      await tx`INSERT INTO project_views ${tx(views.slice(i, i + 2000))} ON CONFLICT DO NOTHING`;

    // Reports: a few pending, one of each other status, on projects no story is about (the removed one is hidden).
    const statuses = ['pending', 'pending', 'pending', 'pending', 'reviewed', 'dismissed', 'removed'] as const;
    const reportable = projects.filter((p) => !STORY_PROJECTS.has(p.title));
    const reportRows = statuses.map((status, i) => {
      const project = reportable[(i * 7 + 3) % reportable.length]!;
      const reporter = userIds[(i * 5 + 1) % userIds.length]!;
      return {
        project_id: project.id,
        reporter_user_id: reporter === project.userId ? userIds[(i * 5 + 2) % userIds.length]! : reporter,
        reporter_ip: '127.0.0.1',
        reason: pick(['spam', 'offensive', 'copyright', 'inappropriate', 'other'] as const),
        additional_details: pick(REPORT_DETAILS),
        status,
        admin_notes: status === 'pending' ? null : 'Checked by the moderators.',
        created_at: daysAgo(20),
      };
    });
    await tx`INSERT INTO reports ${tx(reportRows)}`;
    await tx`UPDATE projects p SET is_hidden = true FROM reports r WHERE r.project_id = p.id AND r.status = 'removed'`;

    // Messages: some to the admins (from members and visitors), some between members.
    const messageRows = Array.from({ length: 12 }, (_, i) => {
      const sender = userIds[(i * 3) % userIds.length]!;
      const toAdmins = i % 3 === 0;
      return {
        sender_user_id: i % 4 === 3 ? null : sender,
        sender_name: i % 4 === 3 ? 'Visitor Vera' : null,
        sender_email: i % 4 === 3 ? 'vera@example.com' : null,
        recipient_user_id: toAdmins || i % 4 === 3 ? null : userIds[(i * 3 + 1) % userIds.length]!,
        subject: MESSAGES[i % MESSAGES.length]![0],
        message: MESSAGES[i % MESSAGES.length]![1],
        is_read: i % 2 === 0,
        created_at: daysAgo(14),
      };
    });
    await tx`INSERT INTO contact_messages ${tx(messageRows)}`;

    await seedVoteRings(tx, projects, passwordHash, now);
    await seedStories(tx, projects, new Map(users.map((u) => [u.username, u.id])), now);
    await recordPictures(tx, projects, await pictures);

    await countProjects(tx);
  });
  // The integrity scan files the rings at once, as the worker's next scan would (its votes then weigh 0).
  await runIntegrityScan(sql, now);
  await seedStats(sql, now);
  return true;
}

/** Each project's counters from the rows they count. */
async function countProjects(tx: Tx): Promise<void> {
  await tx`
    UPDATE projects p SET
      votes = (SELECT count(*) FROM votes v WHERE v.project_id = p.id),
      weighted_votes = coalesce((SELECT sum(weight) FROM votes v WHERE v.project_id = p.id), 0),
      views = (SELECT count(*) FROM project_views w WHERE w.project_id = p.id),
      total_ratings = (SELECT count(*) FROM ratings r WHERE r.project_id = p.id),
      average_rating = coalesce((SELECT round(avg(rating), 1) FROM ratings r WHERE r.project_id = p.id), 0),
      report_count = (SELECT count(*) FROM reports r WHERE r.project_id = p.id)`;
}

/** The project_media rows of the stored pictures. */
async function recordPictures(tx: Tx, projects: Array<{ id: number; title: string }>, pictures: DemoPicture[]) {
  if (pictures.length === 0) return;
  const rows = pictures.map((p) => ({
    project_id: projects.find((project) => project.title === p.title)!.id,
    position: p.position,
    alt: p.alt,
    width: p.stored.width,
    height: p.stored.height,
    variants: tx.json(p.stored.variants as never),
  }));
  await tx`INSERT INTO project_media ${tx(rows)}`;
}

/** The demo's suspected vote rings: accounts the Integrity tab shows held for review. */
export const DEMO_RINGS = [
  { usernames: ['promo_pal_1', 'promo_pal_2', 'promo_pal_3', 'promo_pal_4'], network: '198.51.100.0/24' },
  { usernames: ['boost_crew_1', 'boost_crew_2', 'boost_crew_3', 'boost_crew_4'], network: '192.0.2.0/24' },
] as const;

/**
 * Per ring, four accounts made minutes apart from one network about three hours ago, which all voted
 * for two of the oldest projects within ten minutes an hour later: the pattern of a bought ring
 * (domain/src/rankings.ts RING_RULES), for the admin dashboard's Integrity tab to show.
 */
async function seedVoteRings(
  tx: Tx,
  projects: Array<{ id: number; createdAt: Date }>,
  passwordHash: string,
  now: Date,
): Promise<void> {
  const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
  const oldest = [...projects].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  for (const [r, ring] of DEMO_RINGS.entries()) {
    const accounts = await tx<{ id: number }[]>`INSERT INTO users ${tx(
      ring.usernames.map((username, i) => ({
        username,
        password_hash: passwordHash,
        role: 'tester',
        created_at: minutesAgo(180 - r * 20 - i * 3),
        signup_network: ring.network,
      })),
    )} RETURNING id`;
    const prefix = ring.network.split('.').slice(0, 3).join('.');
    const votes = oldest.slice(r * 2, r * 2 + 2).flatMap((p, j) =>
      accounts.map((u, i) => ({
        project_id: p.id,
        user_id: u.id,
        ip_address: `${prefix}.${10 + i}`,
        network: ring.network,
        kind: 'newMember',
        weight: 0.5,
        created_at: minutesAgo(120 - r * 20 - j * 5 - i),
      })),
    );
    await tx`INSERT INTO votes ${tx(votes)}`;
  }
}
