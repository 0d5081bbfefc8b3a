import { useState } from 'react';
import { Link } from 'wouter';
import { useShallow } from 'zustand/react/shallow';
import { LogOut, Mail, Menu, MessageSquare, Settings, Shield, X } from 'lucide-react';
import { useSession } from '../../stores/session';
import { useDialogs } from '../../stores/dialogs';
import { Button, buttonClasses } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { siteName } from '../../lib/site';
import { cn } from '../../lib/cn';
import { useUnreadCount } from '../../features/messages/api/use-unread-count';
import { useMessagesLive } from '../../hooks/use-live-messages';
import { TierBadge } from '../../components/ui/tier-badge';
import { useRequestActivity } from '../../stores/request-activity';
import { useTestRequestsLive } from '../../features/test-requests/hooks/use-test-requests-live';
import { NavLink } from './nav-link';

/** Header links of spec §2; the mobile menu adds Terms and Privacy. */
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

function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="tabular ml-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-accent-600 px-1.5 text-[11px] font-semibold leading-5 text-white">
      <span className="sr-only">, </span>
      {count > 99 ? '99+' : count}
      <span className="sr-only"> unread</span>
    </span>
  );
}

/** The live badge of test-request activity the user has not opened yet. */
function ActivityBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span data-testid="request-activity" className="tabular ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-accent-600 px-1.5 text-[11px] font-semibold leading-5 text-white">
      <span className="sr-only">, </span>
      {count > 99 ? '99+' : count}
      <span className="sr-only"> new</span>
    </span>
  );
}

/** Signs out with the §8 toasts. */
function useLogout() {
  const logout = useSession((s) => s.logout);
  return async () => {
    try {
      await logout();
      toast({ title: 'Logged out', description: 'You have been successfully logged out.' });
    } catch (error) {
      toast({ title: 'Logout failed', description: errorMessage(error, 'Logout failed'), variant: 'destructive' });
    }
  };
}

/** The header bar of spec §2: brand, links, session buttons and the collapsible mobile menu. */
export function Header() {
  const { user, isLoading, isLoggingOut } = useSession(
    useShallow((s) => ({ user: s.user, isLoading: s.isLoading, isLoggingOut: s.isLoggingOut })),
  );
  const show = useDialogs((s) => s.show);
  const [menuOpen, setMenuOpen] = useState(false);
  const onLogout = useLogout();
  const unreadCount = useUnreadCount(Boolean(user));
  // New messages push 'messages:changed': the badge (and any open inbox) refetch.
  useMessagesLive();
  // Testers joining, feedback and status changes push live: a toast and the Test Requests badge.
  useTestRequestsLive();
  const activity = useRequestActivity((s) => s.unseen.length);
  const closeMenu = () => setMenuOpen(false);

  const sessionButtons = (mobile: boolean) => {
    if (isLoading) return <div className={cn('h-8', mobile ? 'w-full' : 'w-40')} aria-hidden="true" />;
    if (!user) {
      return (
        <>
          <Button variant="ghost" size="sm" className={mobile ? 'justify-start' : undefined} onClick={() => { closeMenu(); show('contactAdmin'); }}>
            <Mail aria-hidden="true" />
            Contact Admin
          </Button>
          <Button size="sm" onClick={() => { closeMenu(); show('auth'); }}>
            Log in
          </Button>
        </>
      );
    }
    return (
      <>
        <span className={cn('flex items-center gap-1.5 text-sm text-zinc-600 dark:text-zinc-400', mobile ? 'py-1' : 'max-w-64')}>
          <span className="truncate">
            Welcome, <span className="font-medium text-zinc-900 dark:text-zinc-100">{user.username}</span>
          </span>
          <TierBadge tier={user.developerTier} role="Developer" compact />
          <TierBadge tier={user.testerTier} role="Tester" compact />
        </span>
        <Link href="/settings" onClick={closeMenu} aria-label={mobile ? undefined : 'Settings'} className={buttonClasses({ variant: 'ghost', size: mobile ? 'sm' : 'icon', className: mobile ? 'justify-start' : undefined })}>
          <Settings aria-hidden="true" />
          {mobile ? 'Settings' : null}
        </Link>
        <Link href="/messages" onClick={closeMenu} className={buttonClasses({ variant: 'outline', size: 'sm', className: mobile ? 'justify-start' : undefined })}>
          <MessageSquare aria-hidden="true" />
          Messages
          <UnreadBadge count={unreadCount} />
        </Link>
        {user.isAdmin ? (
          <Link href="/admin" onClick={closeMenu} className={buttonClasses({ variant: 'outline', size: 'sm', className: mobile ? 'justify-start' : undefined })}>
            <Shield aria-hidden="true" />
            Admin
          </Link>
        ) : null}
        <Button variant="ghost" size="sm" className={mobile ? 'justify-start' : undefined} disabled={isLoggingOut} onClick={() => { closeMenu(); void onLogout(); }}>
          <LogOut aria-hidden="true" />
          {isLoggingOut ? 'Logging out...' : 'Log out'}
        </Button>
      </>
    );
  };

  const linkClass =
    'rounded-md px-3 py-2 text-sm font-medium text-zinc-600 transition-colors hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100';

  return (
    <header className="sticky top-0 z-40 border-b border-zinc-200/80 bg-white/95 backdrop-blur dark:border-zinc-800/80 dark:bg-zinc-950/95">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
        <Link href="/" className="flex items-center gap-2 rounded-md text-base font-semibold tracking-tight text-zinc-900 dark:text-zinc-50" onClick={closeMenu}>
          <span aria-hidden="true" className="flex size-7 items-center justify-center rounded-lg bg-accent-600 text-sm font-bold text-white">
            {siteName().charAt(0).toUpperCase()}
          </span>
          {siteName()}
        </Link>
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {LINKS.map((link) => (
              <li key={link.href}>
                <NavLink href={link.href} className={linkClass}>
                  {link.label}
                  {link.href === '/test-requests' ? <ActivityBadge count={activity} /> : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto hidden items-center gap-2 lg:flex">{sessionButtons(false)}</div>
        <Button
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
      <div id="mobile-menu" hidden={!menuOpen} className="border-t border-zinc-200 px-4 pb-4 pt-2 lg:hidden dark:border-zinc-800">
        <nav aria-label="Mobile">
          <ul className="flex flex-col">
            {[...LINKS, ...MOBILE_EXTRA_LINKS].map((link) => (
              <li key={link.href}>
                <NavLink href={link.href} className={cn(linkClass, 'block')} onNavigate={closeMenu}>
                  {link.label}
                  {link.href === '/test-requests' ? <ActivityBadge count={activity} /> : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-3 flex flex-col gap-2 border-t border-zinc-200 pt-3 dark:border-zinc-800">{sessionButtons(true)}</div>
      </div>
    </header>
  );
}
