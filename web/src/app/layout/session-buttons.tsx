import { Suspense, useId, useState } from 'react';
import { Link } from 'wouter';
import { useShallow } from 'zustand/react/shallow';
import { Bell, LogOut, Mail, MessageSquare, Settings, Shield } from 'lucide-react';
import { useSession } from '../../stores/session';
import { useDialogs } from '../../stores/dialogs';
import { Button, buttonClasses } from '../../components/ui/button';
import { useToastedAction } from '../../hooks/use-toasted-action';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { useUnreadCount } from '../../features/messages/api/use-unread-count';
import { useNotificationCount } from '../../hooks/use-notification-count';
import { TierBadge } from '../../components/ui/tier-badge';
import { lazyNamed } from '../../lib/lazy';
import type { CurrentUser } from '@vitrine/domain/answers';

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

/** Signs out with the toasts. */
function useLogout() {
  const logout = useSession((s) => s.logout);
  const { run } = useToastedAction();
  return () =>
    run('logout', logout, {
      success: { title: 'Logged out', description: 'You have been successfully logged out.' },
      failure: (error) => ({ title: 'Logout failed', description: errorMessage(error, 'Logout failed') }),
    });
}

/** A visitor's Contact Admin and Log in buttons. */
function VisitorButtons({ mobile, onNavigate }: { mobile: boolean; onNavigate: () => void }) {
  const show = useDialogs((s) => s.show);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className={mobile ? 'justify-start' : undefined}
        onClick={() => {
          onNavigate();
          show('contactAdmin');
        }}
      >
        <Mail aria-hidden="true" />
        Contact Admin
      </Button>
      <Button
        size="sm"
        onClick={() => {
          onNavigate();
          show('auth');
        }}
      >
        Log in
      </Button>
    </>
  );
}

/** Names up to this long are shown whole in the bar (the longest name is 30). */
const SHORT_NAME = 12;

/** 'Welcome, name' with the member's tier badges (none until a role has 3 ratings). */
function Welcome({ user, mobile }: { user: CurrentUser; mobile: boolean }) {
  return (
    <span
      className={cn(
        'flex items-center gap-1.5 text-sm text-zinc-600 dark:text-zinc-400',
        mobile ? 'py-1' : 'min-w-0 max-w-64',
        !mobile && user.username.length <= SHORT_NAME && 'shrink-0',
      )}
    >
      {/* A short name ('admin') is never cut; a long one gives way to the bar's buttons. */}
      <span className={cn('truncate', user.username.length <= SHORT_NAME && 'shrink-0')}>
        {/* In a full bar the greeting is read but not shown, so the name itself keeps its room. */}
        <span className={mobile ? undefined : 'sr-only 2xl:not-sr-only'}>Welcome, </span>
        <span className="font-medium text-zinc-900 dark:text-zinc-100">{user.username}</span>
      </span>
      <TierBadge tier={user.developerTier} role="Developer" compact />
      <TierBadge tier={user.testerTier} role="Tester" compact />
    </span>
  );
}

/** The link to /settings: an icon in the bar, a labelled row in the mobile menu. */
function SettingsLink({ mobile, onNavigate }: { mobile: boolean; onNavigate: () => void }) {
  return (
    <Link
      href="/settings"
      onClick={onNavigate}
      aria-label={mobile ? undefined : 'Settings'}
      className={buttonClasses({
        variant: 'ghost',
        size: mobile ? 'sm' : 'icon',
        className: mobile ? 'justify-start' : undefined,
      })}
    >
      <Settings aria-hidden="true" />
      {mobile ? 'Settings' : null}
    </Link>
  );
}

/** The bell's panel and the Ark UI popover under it: their own chunk, fetched when the bell is first wanted. */
const BellPanel = lazyNamed(() => import('../../features/notifications/components/bell-panel'), 'BellPanel');

/**
 * The bell: a button with the live unread count opening the panel of the latest notifications. The
 * panel's code loads as the pointer reaches the bell or it takes focus, so the first opening is quick.
 */
function NotificationBell({ mobile, onNavigate }: { mobile: boolean; onNavigate: () => void }) {
  const count = useNotificationCount(true);
  const triggerId = useId();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const preload = () => void BellPanel.preload().catch(() => {});
  return (
    <>
      <button
        type="button"
        id={triggerId}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setWanted(true);
          setOpen((was) => !was);
        }}
        className={buttonClasses({ variant: 'ghost', size: 'sm', className: mobile ? 'justify-start' : 'px-2' })}
      >
        <Bell aria-hidden="true" />
        <span className={mobile ? undefined : 'sr-only'}>Notifications</span>
        <UnreadBadge count={count} />
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <BellPanel triggerId={triggerId} open={open} onOpenChange={setOpen} onNavigate={onNavigate} />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * The header's session area, in the bar (`mobile` false) or the mobile menu: a placeholder
 * while the session loads, the visitor's buttons, or Welcome, Messages with the unread badge, Admin and Log out.
 */
export function SessionButtons({ mobile, onNavigate }: { mobile: boolean; onNavigate: () => void }) {
  const { user, isLoading, isLoggingOut } = useSession(
    useShallow((s) => ({ user: s.user, isLoading: s.isLoading, isLoggingOut: s.isLoggingOut })),
  );
  const onLogout = useLogout();
  const unreadCount = useUnreadCount(Boolean(user));
  if (isLoading) return <div className={cn('h-8', mobile ? 'w-full' : 'w-40')} aria-hidden="true" />;
  if (!user) return <VisitorButtons mobile={mobile} onNavigate={onNavigate} />;
  const linkClass = buttonClasses({ variant: 'outline', size: 'sm', className: mobile ? 'justify-start' : undefined });
  return (
    <>
      <Welcome user={user} mobile={mobile} />
      <SettingsLink mobile={mobile} onNavigate={onNavigate} />
      <NotificationBell mobile={mobile} onNavigate={onNavigate} />
      <Link href="/messages" onClick={onNavigate} className={linkClass}>
        <MessageSquare aria-hidden="true" />
        Messages
        <UnreadBadge count={unreadCount} />
      </Link>
      {user.isAdmin ? (
        <Link href="/admin" onClick={onNavigate} className={linkClass}>
          <Shield aria-hidden="true" />
          Admin
        </Link>
      ) : null}
      <Button
        variant="ghost"
        size="sm"
        className={mobile ? 'justify-start' : undefined}
        disabled={isLoggingOut}
        onClick={() => {
          onNavigate();
          void onLogout();
        }}
      >
        <LogOut aria-hidden="true" />
        {isLoggingOut ? 'Logging out...' : 'Log out'}
      </Button>
    </>
  );
}
