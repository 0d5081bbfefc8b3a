import { AtSign, Rss } from 'lucide-react';
import { siteName, socialLinks } from '../../lib/site';
import { NavLink } from './nav-link';

/** Footer link groups. */
const GROUPS = [
  {
    title: 'Explore',
    links: [
      { href: '/#projects', label: 'Projects' },
      { href: '/#leaderboard', label: 'Leaderboard' },
      { href: '/about', label: 'About' },
    ],
  },
  {
    title: 'Support',
    links: [
      { href: '/contact', label: 'Contact' },
      { href: '/terms', label: 'Terms of Service' },
      { href: '/privacy', label: 'Privacy Policy' },
    ],
  },
];

/** The site's own accounts that are configured (GITHUB_URL, BLUESKY_URL), each opening in a new tab. */
function configuredSocial() {
  const { github, bluesky } = socialLinks();
  return [
    { href: github, label: 'GitHub', icon: AtSign },
    { href: bluesky, label: 'Bluesky', icon: Rss },
  ].filter((link): link is { href: string; label: string; icon: typeof AtSign } => link.href !== null);
}

/** The social links of the footer, or nothing when none is configured. */
function SocialList() {
  const links = configuredSocial();
  if (links.length === 0) return null;
  return (
    <ul className="mt-4 flex gap-2">
      {links.map(({ href, label, icon: Icon }) => (
        <li key={label}>
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1.5 rounded-md border border-zinc-200 px-2.5 py-1.5 text-xs font-medium text-zinc-600 transition-colors hover:bg-white hover:text-zinc-900 dark:border-zinc-800 dark:text-zinc-400 dark:hover:bg-zinc-900 dark:hover:text-zinc-100"
          >
            <Icon className="size-3.5" aria-hidden="true" />
            {label}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The site footer: about, anchors, legal pages, contact and the configured social links. */
export function Footer() {
  const name = siteName();
  return (
    <footer className="border-t border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900/40">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-[2fr_1fr_1fr]">
        <div>
          <p className="text-base font-semibold text-zinc-900 dark:text-zinc-50">{name}</p>
          <p className="mt-2 max-w-sm text-sm text-zinc-600 dark:text-zinc-400">
            A community showcase for hosted projects. Submit your creations, vote for others, and discover amazing
            projects from the community.
          </p>
          <SocialList />
        </div>
        {GROUPS.map((group) => (
          <nav key={group.title} aria-label={group.title}>
            <p className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{group.title}</p>
            <ul className="mt-3 space-y-2">
              {group.links.map((link) => (
                <li key={link.href}>
                  <NavLink
                    href={link.href}
                    className="rounded text-sm text-zinc-600 transition-colors hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100"
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-zinc-200 dark:border-zinc-800">
        <p className="mx-auto max-w-6xl px-4 py-4 text-xs text-zinc-500 sm:px-6 dark:text-zinc-400">
          © {new Date().getFullYear()} {name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
