import { parse } from 'regexparam';
import { matchRoute } from 'wouter';
import { CATEGORIES, type Category } from '@vitrine/domain/constants';
import { shareCardVersion } from '@vitrine/domain/share-card';
import { sitePaths } from '@vitrine/domain/site-paths';
import type { Comment, ProjectDetail, TestRequestDetail, UserProfile } from '@vitrine/domain/answers';
import {
  LISTING_CHOICES,
  TOP_CONTRIBUTORS_KEY,
  latestKey,
  leaderboardKey,
  projectKey,
  trendingKey,
} from '../features/projects/api/keys';
import { readChoice } from '../hooks/use-search-choice';
import { userKey } from '../features/users/keys';
import { requestKey, requestListKey } from '../features/test-requests/api/keys';
import { profileTotals } from '../features/users/use-user-profile';
import { HOME_DESCRIPTION, websiteJsonLd } from '../pages/home';
import { projectJsonLd } from '../features/projects/lib/json-ld';
import { commentsKey } from '../features/comments/api/keys';
import { updatesKey } from '../features/devlogs/api/keys';
import { aboutDescription } from '../pages/about';
import { CONTACT_DESCRIPTION } from '../features/contact/lib/contact-page';
import {
  LEGAL_DESCRIPTION,
  LEGAL_LAST_UPDATED_ISO,
  staticPageJsonLd,
  type StaticPageType,
} from '../components/static/static-page';
import type { FeedLink, PageMeta } from './head';
import { moderationLogKey } from '../features/moderation/api/keys';
import { MODERATION_DESCRIPTION } from '../pages/moderation';
import { risingKey } from '../features/projects/api/rising-key';

/** What the server reads before rendering a page, and how it then describes the page. */
export interface PagePlan {
  /** SWR keys read with useSWR. */
  keys: string[];
  /** First-page keys of the paged lists (hooks/use-list.ts): each is seeded as its first page, with the next page's Link. */
  infiniteKeys: string[];
  /**
   * Ids of the projects its first render lays the viewer's own state over (useWithViewerState), from
   * what was read: the server reads that viewer-state call too, so the page is drawn with the
   * viewer's votes and the client does not ask for them again after hydrating.
   */
  viewerIds?: (data: ReadonlyMap<string, unknown>) => number[];
  /** Lazily loaded page modules it shows (app/routes.tsx), relative to web/. */
  modules?: string[];
  /** The page's head and status from what was read (`data` by key; a missing key failed). */
  describe: (
    data: ReadonlyMap<string, unknown>,
    site: { name: string; origin: string },
  ) => { status: number; meta: PageMeta };
}

const LATEST_FEEDS: FeedLink[] = [
  { title: 'Latest projects (Atom)', href: sitePaths.latestFeed('atom'), type: 'application/atom+xml' },
  { title: 'Latest projects (RSS)', href: sitePaths.latestFeed('rss'), type: 'application/rss+xml' },
  { title: 'Trending projects (Atom)', href: sitePaths.trendingFeed('atom'), type: 'application/atom+xml' },
];

/** Meta of a page without data of its own. */
function simplePage(path: string, title: string | null, description: string, extra: Partial<PageMeta> = {}): PageMeta {
  return {
    title,
    description,
    path,
    type: 'website',
    image: sitePaths.siteCard,
    imageAlt: title ?? description,
    jsonLd: [],
    feeds: LATEST_FEEDS,
    ...extra,
  };
}

function staticPage(
  path: string,
  title: string,
  description: string,
  schemaType: StaticPageType,
  origin: string,
  name: string,
  lastUpdated?: string,
  modules?: string[],
): PagePlan {
  return {
    ...(modules ? { modules } : {}),
    keys: [],
    infiniteKeys: [],
    describe: () => ({
      status: 200,
      meta: simplePage(path, title, description, {
        jsonLd: [
          {
            id: 'static-page',
            data: staticPageJsonLd({ title, description, schemaType, lastUpdated }, `${origin}${path}`, origin, name),
          },
        ],
      }),
    }),
  };
}

function isCategory(value: string): value is Category {
  return (CATEGORIES as readonly string[]).includes(value);
}

function projectPlan(id: string): PagePlan {
  if (!/^\d{1,10}$/.test(id)) return notFoundPlan(`/projects/${id}`, 'Project Not Found');
  const key = projectKey(Number(id));
  // The first page of comments, drawn with the page for readers without JavaScript and in its JSON-LD.
  const comments = commentsKey(Number(id), 'oldest');
  // The first page of updates too (the devlog section), newest first.
  const updates = updatesKey(Number(id));
  return {
    modules: [
      'src/pages/project.tsx',
      'src/features/devlogs/components/update-section.tsx',
      'src/features/comments/components/comment-section.tsx',
    ],
    keys: [key],
    infiniteKeys: [comments, updates],
    viewerIds: (data) => (data.has(key) ? [(data.get(key) as ProjectDetail).id] : []),
    describe: (data, site) => {
      const project = data.get(key) as ProjectDetail | undefined;
      if (!project)
        return {
          status: 404,
          meta: simplePage(
            `/projects/${id}`,
            'Project Not Found',
            'The project you are looking for does not exist or has been removed.',
            { noindex: true },
          ),
        };
      const feeds: FeedLink[] = [
        ...LATEST_FEEDS,
        {
          title: `Updates of ${project.title} (Atom)`,
          href: sitePaths.projectFeed(project.id, 'atom'),
          type: 'application/atom+xml',
        },
      ];
      if (project.username)
        feeds.push({
          title: `Projects by ${project.username} (Atom)`,
          href: sitePaths.userFeed(project.username, 'atom'),
          type: 'application/atom+xml',
        });
      if (isCategory(project.category))
        feeds.push({
          title: `${project.category} projects (Atom)`,
          href: sitePaths.categoryFeed(project.category, 'atom'),
          type: 'application/atom+xml',
        });
      return {
        status: 200,
        meta: {
          title: project.title,
          description: project.description,
          path: sitePaths.project(project.id),
          type: 'article',
          // A project with pictures shares its cover; one without, its generated card.
          ...(project.cover
            ? {
                image: project.cover.url,
                imageInfo: { type: 'image/webp', width: project.cover.width, height: project.cover.height },
                imageAlt: project.cover.alt || project.title,
              }
            : {
                image: sitePaths.projectCard(project.id, shareCardVersion(project)),
                imageAlt: `${project.title}: ${project.category}, ${project.votes} votes`,
              }),
          jsonLd: [
            { id: 'project', data: projectJsonLd(project, site.origin, data.get(comments) as Comment[] | undefined) },
          ],
          feeds,
          noindex: project.isHidden,
        },
      };
    },
  };
}

function userPlan(username: string): PagePlan {
  const key = userKey(username);
  return {
    modules: ['src/pages/user.tsx'],
    keys: [key],
    infiniteKeys: [],
    describe: (data, site) => {
      const profile = data.get(key) as UserProfile | undefined;
      if (!profile)
        return {
          status: 404,
          meta: simplePage(sitePaths.user(username), 'User Not Found', 'The user you are looking for does not exist.', {
            noindex: true,
          }),
        };
      const { user, projects } = profile;
      const totals = profileTotals(projects);
      return {
        status: 200,
        meta: simplePage(
          sitePaths.user(user.username),
          user.username,
          `${user.username} on ${site.name}: ${totals.projects} projects, ${totals.votes} votes, ${totals.views} views.`,
          {
            type: 'profile',
            feeds: [
              {
                title: `Projects by ${user.username} (Atom)`,
                href: sitePaths.userFeed(user.username, 'atom'),
                type: 'application/atom+xml',
              },
              {
                title: `Projects by ${user.username} (RSS)`,
                href: sitePaths.userFeed(user.username, 'rss'),
                type: 'application/rss+xml',
              },
            ],
          },
        ),
      };
    },
  };
}

/**
 * The home page with the listing its address names (`?tab=`, `?sort=`, `?period=`, `?range=`, `?q=`),
 * read as the hooks read it, so the server renders the tab a shared link or a reload shows.
 */
/** The New & rising strip's lazily loaded module (pages/home.tsx). */
const RISING_MODULE = 'src/features/projects/components/rising-strip.tsx';

function homePlan(params: URLSearchParams, site: { name: string; origin: string }): PagePlan {
  const q = params.get('q')?.trim() ?? '';
  const tab = readChoice(params, LISTING_CHOICES.tab);
  const describe = () => ({
    status: 200,
    meta: simplePage('/', 'Showcase Your Projects', HOME_DESCRIPTION, {
      jsonLd: [{ id: 'website', data: websiteJsonLd(site.origin, site.name) }],
      noindex: Boolean(q),
    }),
  });
  const projectIds = (key: string) => (data: ReadonlyMap<string, unknown>) =>
    ((data.get(key) as Array<{ id: number }> | undefined) ?? []).map((p) => p.id);
  if (tab === 'leaderboard') {
    const key = leaderboardKey(readChoice(params, LISTING_CHOICES.range));
    return {
      modules: [RISING_MODULE],
      keys: [key, TOP_CONTRIBUTORS_KEY, risingKey()],
      infiniteKeys: [],
      viewerIds: projectIds(key),
      describe,
    };
  }
  // Following is the member's own list: read in the browser, never into the shared server render.
  if (tab === 'following')
    return { modules: [RISING_MODULE], keys: [risingKey()], infiniteKeys: [], viewerIds: () => [], describe };
  const first =
    tab === 'trending'
      ? trendingKey(readChoice(params, LISTING_CHOICES.period))
      : latestKey(readChoice(params, LISTING_CHOICES.sort), q);
  // New & rising is read for this visitor and rendered in place (its chunk preloaded), so nothing moves.
  return {
    modules: [RISING_MODULE],
    keys: [risingKey()],
    infiniteKeys: [first],
    viewerIds: projectIds(first),
    describe,
  };
}

/** /moderation: the log's first page, as the page reads it, and its feed in the head. */
function moderationPlan(): PagePlan {
  return {
    modules: ['src/pages/moderation.tsx'],
    keys: [],
    infiniteKeys: [moderationLogKey()],
    describe: () => ({
      status: 200,
      meta: simplePage(sitePaths.moderation, 'Moderation log', MODERATION_DESCRIPTION, {
        feeds: [
          { title: 'Moderation log (Atom)', href: sitePaths.moderationFeed('atom'), type: 'application/atom+xml' },
        ],
      }),
    }),
  };
}

/** /test-requests: the first page of open requests with the default filters, as the page reads it. */
function testRequestsPlan(site: { name: string }): PagePlan {
  return {
    modules: ['src/pages/test-requests.tsx'],
    keys: [],
    infiniteKeys: [requestListKey({ skill: '', category: '', sort: 'newest' })],
    describe: () => ({
      status: 200,
      meta: simplePage(
        sitePaths.testRequests,
        'Test Requests',
        `Open test requests on ${site.name}: join one, send structured feedback, rate each other.`,
      ),
    }),
  };
}

/** /test-requests/{id}: the request as its viewer may read it; 404 when it does not exist for them. */
function testRequestPlan(id: string): PagePlan {
  const path = sitePaths.testRequest(id);
  if (!/^[1-9]\d{0,9}$/.test(id)) return notFoundPlan(path, 'Test Request Not Found');
  const key = requestKey(id);
  return {
    modules: ['src/pages/test-request.tsx'],
    keys: [key],
    infiniteKeys: [],
    describe: (data) => {
      const request = data.get(key) as TestRequestDetail | undefined;
      if (!request)
        return {
          status: 404,
          meta: simplePage(
            path,
            'Test Request Not Found',
            'The test request you are looking for does not exist or has been removed.',
            { noindex: true },
          ),
        };
      return {
        status: 200,
        meta: simplePage(path, request.title, `Test request for ${request.projectTitle}: ${request.description}`, {
          noindex: request.isHidden,
        }),
      };
    },
  };
}

function notFoundPlan(path: string, title = '404 Page Not Found'): PagePlan {
  return {
    keys: [],
    infiniteKeys: [],
    describe: () => ({
      status: 404,
      meta: simplePage(path, title, 'Did you forget to add the page to the router?', { noindex: true }),
    }),
  };
}

function privatePlan(path: string, title: string, description: string): PagePlan {
  return {
    keys: [],
    infiniteKeys: [],
    describe: () => ({ status: 200, meta: simplePage(path, title, description, { noindex: true }) }),
  };
}

/** wouter's own matching (regexparam patterns on the decoded path), so params equal the client's. */
function match(pattern: string, path: string): Record<string, string> | null {
  const [ok, params] = matchRoute(parse, pattern, path);
  return ok ? (params as Record<string, string>) : null;
}

/**
 * The server's plan for a page of AppRoutes (app/routes.tsx): the SWR keys its first render reads
 * (the same key functions the hooks use, so hydration finds them) and its head. `path` is decoded.
 */
export function planPage(path: string, search: string, site: { name: string; origin: string }): PagePlan {
  if (path === '/') return homePlan(new URLSearchParams(search), site);
  if (path === '/about')
    return staticPage(path, 'About', aboutDescription(site.name), 'AboutPage', site.origin, site.name);
  if (path === '/terms')
    return staticPage(
      path,
      'Terms of Service',
      LEGAL_DESCRIPTION,
      'WebPage',
      site.origin,
      site.name,
      LEGAL_LAST_UPDATED_ISO,
      ['src/pages/terms.tsx'],
    );
  if (path === '/privacy')
    return staticPage(
      path,
      'Privacy Policy',
      LEGAL_DESCRIPTION,
      'WebPage',
      site.origin,
      site.name,
      LEGAL_LAST_UPDATED_ISO,
      ['src/pages/privacy.tsx'],
    );
  if (path === '/contact')
    return {
      modules: ['src/pages/contact.tsx'],
      keys: [],
      infiniteKeys: [],
      describe: () => ({ status: 200, meta: simplePage(path, 'Contact', CONTACT_DESCRIPTION) }),
    };
  if (path === '/auth') return privatePlan(path, 'Log in', `Log in to ${site.name} or create an account.`);
  if (path === '/messages') return privatePlan(path, 'Messages', 'Your messages.');
  if (path === '/admin') return privatePlan(path, 'Admin Dashboard', 'Site administration.');
  if (path === '/settings') return privatePlan(path, 'Settings', 'Your profile, email, password and data.');
  if (path === '/notifications')
    return privatePlan(path, 'Notifications', 'What happened on your projects and test requests.');
  if (path === sitePaths.testRequests) return testRequestsPlan(site);
  if (path === sitePaths.moderation) return moderationPlan();
  if (path === '/confirm-email')
    return privatePlan(path, 'Confirm your email', `Confirm your email address for ${site.name}.`);
  const user = match('/users/:username', path);
  if (user) return userPlan(user.username!);
  const testRequest = match('/test-requests/:id', path);
  if (testRequest) return testRequestPlan(testRequest.id!);
  const project = match('/projects/:id', path);
  if (project) return projectPlan(project.id!);
  return notFoundPlan(path);
}
