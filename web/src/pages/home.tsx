import { Suspense, useEffect, useRef, useState } from 'react';
import { ArrowDown, Award, FlaskConical, Plus, Rocket, ThumbsUp, Trophy } from 'lucide-react';
import { Button, buttonClasses } from '../components/ui/button';
import { Select } from '../components/ui/select';
import { TabPanel, Tabs } from '../components/ui/tabs';
import { useOpenSubmitDialog } from '../hooks/use-open-submit-dialog';
import { LatestProjects } from '../features/projects/components/latest-projects';
import { FollowingProjects } from '../features/projects/components/following-projects';
import { TrendingProjects } from '../features/projects/components/trending-projects';
import { Leaderboard } from '../features/projects/components/leaderboard';
import { useJsonLd, type JsonLd } from '../lib/json-ld';
import { useSearchChoice } from '../hooks/use-search-choice';
import { FirstSteps } from '../features/users/components/first-steps';
import { LISTING_CHOICES, type HomeTab } from '../features/projects/api/keys';
import { pageOrigin, siteName, useDocumentTitle, useMetaDescription } from '../lib/site';
import { lazyPage } from '../lib/lazy';
import { useSession } from '../stores/session';

// New & rising is its own chunk (the landing page's budget); the server renders it and preloads the chunk.
const RisingStrip = lazyPage(() => import('./fair-exposure'), 'RisingStrip');

/** Tab labels. */
export const HOME_TABS: ReadonlyArray<{ value: HomeTab; label: string }> = [
  { value: 'latest', label: 'Latest Projects' },
  { value: 'trending', label: 'Trending' },
  { value: 'leaderboard', label: 'Leaderboard' },
];
/** The signed-in member's own tab (also shown to whoever opens a link to it, who is asked to log in). */
const FOLLOWING_TAB: { value: HomeTab; label: string } = { value: 'following', label: 'Following' };

/** The home page's description (the hero's subtext); also its meta description. */
export const HOME_DESCRIPTION =
  'Submit your creations, vote for others, and discover amazing projects from the community.';
const DESCRIPTION = HOME_DESCRIPTION;

/** WebSite JSON-LD of the home page, with the site-wide search action (`/?q=`). */
export function websiteJsonLd(origin: string, name: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name,
    url: `${origin}/`,
    description: HOME_DESCRIPTION,
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${origin}/?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

/** The tab an in-page anchor selects: #leaderboard opens the leaderboard; others keep the current tab. */
function tabForHash(hash: string): HomeTab | null {
  return hash === '#leaderboard' ? 'leaderboard' : null;
}

function useHashTab(setTab: (tab: HomeTab) => void) {
  useEffect(() => {
    const apply = () => {
      const tab = tabForHash(window.location.hash);
      if (tab) setTab(tab);
      const target = window.location.hash ? document.getElementById(window.location.hash.slice(1)) : null;
      // After navigating here from another page the browser has not scrolled yet.
      if (target) requestAnimationFrame(() => target.scrollIntoView());
    };
    apply();
    window.addEventListener('hashchange', apply);
    return () => window.removeEventListener('hashchange', apply);
  }, [setTab]);
}

function Hero() {
  const submit = useOpenSubmitDialog();
  return (
    <section className="relative overflow-hidden border-b border-zinc-200 dark:border-zinc-800">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top,var(--color-indigo-100),transparent_60%)] dark:bg-[radial-gradient(ellipse_at_top,color-mix(in_oklab,var(--color-indigo-900)_45%,transparent),transparent_60%)]"
      />
      <div className="relative mx-auto max-w-6xl px-4 py-7 text-center sm:px-6 sm:py-10">
        <p className="mx-auto mb-3 hidden sm:inline-flex items-center gap-2 rounded-full border border-zinc-200 bg-white/70 px-3 py-1 text-xs font-medium text-zinc-600 dark:border-zinc-800 dark:bg-zinc-900/70 dark:text-zinc-400">
          <Rocket className="size-3.5 text-accent-600 dark:text-accent-400" aria-hidden="true" />
          Community project showcase
        </p>
        <h1 className="text-3xl font-bold tracking-tight text-zinc-900 sm:text-4xl dark:text-zinc-50">
          Showcase Your Projects
        </h1>
        <p className="mx-auto mt-3 max-w-xl text-sm text-zinc-600 sm:text-base dark:text-zinc-400">{DESCRIPTION}</p>
        <div className="mt-5 flex flex-row flex-wrap items-center justify-center gap-3">
          <a href="#projects" className={buttonClasses({ variant: 'outline', className: 'grow sm:grow-0' })}>
            <ArrowDown aria-hidden="true" />
            Browse Projects
          </a>
          <Button className="grow sm:grow-0" onClick={submit}>
            <Plus aria-hidden="true" />
            Submit Your Project
          </Button>
        </div>
      </div>
    </section>
  );
}

const ABOUT_POINTS = [
  { icon: Rocket, title: 'Submit', text: 'Share a hosted project with a title, a description, a category and tags.' },
  { icon: ThumbsUp, title: 'Vote and rate', text: 'Vote for the projects you like and rate them from 1 to 10.' },
  {
    icon: Trophy,
    title: 'Climb the leaderboard',
    text: 'The most voted projects rise to the top of the trending list and the leaderboard.',
  },
  {
    icon: FlaskConical,
    title: 'Test and give feedback',
    text: 'Developers receive ratings; testers browse projects and give feedback.',
  },
];

function AboutSection() {
  const name = siteName();
  return (
    <section
      aria-labelledby="about-heading"
      className="border-t border-zinc-200 bg-zinc-50/60 dark:border-zinc-800 dark:bg-zinc-900/30"
    >
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <div className="max-w-2xl">
          <h2 id="about-heading" className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">
            About {name}
          </h2>
          <p className="mt-3 text-zinc-600 dark:text-zinc-400">
            {name} is a community showcase for hosted projects. Members submit what they built, everyone browses the
            latest, trending and top-voted projects, and the community decides what rises.
          </p>
        </div>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {ABOUT_POINTS.map(({ icon: Icon, title, text }) => (
            <li key={title}>
              <div className="flex size-10 items-center justify-center rounded-lg bg-accent-100 text-accent-700 dark:bg-accent-950 dark:text-accent-300">
                <Icon className="size-5" aria-hidden="true" />
              </div>
              <h3 className="mt-3 font-semibold text-zinc-900 dark:text-zinc-100">{title}</h3>
              <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{text}</p>
            </li>
          ))}
        </ul>
        <p className="mt-10 flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
          <Award className="size-4 text-amber-500" aria-hidden="true" />
          Verified members carry a special badge, granted by administrators.
        </p>
      </div>
    </section>
  );
}

/** Keys that move a closed select's choice without opening it. */
const MOVING_KEYS = new Set(['ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);

/**
 * The phone's listing picker. A choice made in its list opens that listing; arrow keys only move the
 * choice (WCAG 3.2.2), which opens once confirmed with Enter or by leaving the picker.
 */
function ListingSelect({
  tabs,
  tab,
  onChoose,
}: {
  tabs: ReadonlyArray<{ value: HomeTab; label: string }>;
  tab: HomeTab;
  onChoose: (tab: HomeTab) => void;
}) {
  const [choice, setChoice] = useState<HomeTab | null>(null);
  const byKey = useRef(false);
  const confirm = (value: HomeTab | null) => {
    setChoice(null);
    if (value !== null && value !== tab) onChoose(value);
  };
  return (
    <Select<HomeTab>
      id="home-tab-select"
      options={[...tabs]}
      value={choice ?? tab}
      onKeyDown={(event) => {
        byKey.current = MOVING_KEYS.has(event.key) || event.key.length === 1;
        if (event.key === 'Enter' && choice !== null) {
          event.preventDefault();
          confirm(choice);
        }
      }}
      onValueChange={(value) => {
        if (byKey.current) setChoice(value);
        else confirm(value);
        byKey.current = false;
      }}
      onBlur={() => confirm(choice)}
    />
  );
}

/** Home: hero, the latest / trending / leaderboard (/ following, for members) switcher, About section; WebSite JSON-LD. */
export function HomePage() {
  const [tab, setTab] = useSearchChoice(LISTING_CHOICES.tab);
  const signedIn = useSession((s) => Boolean(s.user));
  const tabs = signedIn || tab === 'following' ? [...HOME_TABS, FOLLOWING_TAB] : [...HOME_TABS];
  useHashTab(setTab);
  useDocumentTitle('Showcase Your Projects');
  useMetaDescription(DESCRIPTION);
  useJsonLd('website', websiteJsonLd(pageOrigin(), siteName()));

  return (
    <>
      <Hero />
      <Suspense fallback={null}>
        <RisingStrip />
      </Suspense>
      <div id="projects" className="mx-auto max-w-6xl px-4 pb-12 pt-6 sm:px-6">
        <FirstSteps />
        <span id="leaderboard" aria-hidden="true" />
        <Tabs<HomeTab> items={tabs} value={tab} onValueChange={setTab} label="Project listings" hideListOnMobile>
          <div className="md:hidden">
            <label htmlFor="home-tab-select" className="sr-only">
              Project listing
            </label>
            <ListingSelect tabs={tabs} tab={tab} onChoose={setTab} />
          </div>
          <TabPanel value="latest" className="mt-6">
            <LatestProjects />
          </TabPanel>
          <TabPanel value="trending" className="mt-6">
            <TrendingProjects />
          </TabPanel>
          <TabPanel value="leaderboard" className="mt-6">
            <Leaderboard />
          </TabPanel>
          <TabPanel value="following" className="mt-6">
            <FollowingProjects onBrowse={() => setTab('latest')} />
          </TabPanel>
        </Tabs>
      </div>
      <AboutSection />
    </>
  );
}
