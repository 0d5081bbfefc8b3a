import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { Menu, X } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { siteName } from '../../lib/site';
import { cn } from '../../lib/cn';
import { NavLink } from './nav-link';
import { SessionButtons } from './session-buttons';

/** Header links; the mobile menu adds Terms and Privacy. */
const LINKS = [
  { href: '/#projects', label: 'Projects' },
  { href: '/#leaderboard', label: 'Leaderboard' },
  { href: '/test-requests', label: 'Test Requests' },
  { href: '/about', label: 'About' },
  { href: '/contact', label: 'Contact' },
];
const MOBILE_EXTRA_LINKS = [
  { href: '/terms', label: 'Terms' },
  { href: '/privacy', label: 'Privacy' },
];

const linkClass =
  'whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-zinc-600 transition-colors hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100';

/** The site's mark and name, linking home. */
function Brand({ onNavigate }: { onNavigate: () => void }) {
  return (
    <Link
      href="/"
      className="flex shrink-0 items-center gap-2 whitespace-nowrap rounded-md text-base font-semibold tracking-tight text-zinc-900 dark:text-zinc-50"
      onClick={onNavigate}
    >
      <span
        aria-hidden="true"
        className="flex size-7 items-center justify-center rounded-lg bg-accent-600 text-sm font-bold text-white"
      >
        {siteName().charAt(0).toUpperCase()}
      </span>
      {siteName()}
    </Link>
  );
}

/** The collapsible menu below the bar on small screens: every link, then the session area. */
function MobileMenu({ open, onNavigate }: { open: boolean; onNavigate: () => void }) {
  return (
    <div
      id="mobile-menu"
      hidden={!open}
      className="border-t border-zinc-200 px-4 pb-4 pt-2 lg:hidden dark:border-zinc-800"
    >
      <nav aria-label="Mobile">
        <ul className="flex flex-col">
          {[...LINKS, ...MOBILE_EXTRA_LINKS].map((link) => (
            <li key={link.href}>
              <NavLink href={link.href} className={cn(linkClass, 'block')} onNavigate={onNavigate}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-3 flex flex-col gap-2 border-t border-zinc-200 pt-3 dark:border-zinc-800">
        <SessionButtons mobile onNavigate={onNavigate} />
      </div>
    </div>
  );
}

/** The header bar: brand, links, session buttons and the collapsible mobile menu. */
export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const closeMenu = () => setMenuOpen(false);
  // Escape closes the open menu and hands focus back to its button, unless a panel opened from the
  // menu (the bell's) has taken that Escape to close itself.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      setMenuOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);
  return (
    <header className="sticky top-0 z-40 border-b border-zinc-200/80 bg-white/95 backdrop-blur dark:border-zinc-800/80 dark:bg-zinc-950/95">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
        <Brand onNavigate={closeMenu} />
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {LINKS.map((link) => (
              <li key={link.href}>
                <NavLink href={link.href} className={linkClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto hidden min-w-0 items-center gap-2 lg:flex">
          <SessionButtons mobile={false} onNavigate={closeMenu} />
        </div>
        <Button
          ref={toggle}
          variant="ghost"
          size="icon"
          className="ml-auto lg:hidden"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
        </Button>
      </div>
      <MobileMenu open={menuOpen} onNavigate={closeMenu} />
    </header>
  );
}
