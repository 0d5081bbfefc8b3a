import { Link } from 'wouter';
import { useSession } from '../../stores/session';
import { PAUSED_NOTICE } from '../../features/auth/paused';

/**
 * Under the header on every page while the signed-in member is paused: what still works and a link to
 * the Contact page, where they can ask the admins why. Drawn by the server too (the page's session),
 * so it never pushes the page down after start-up.
 */
export function PausedBanner() {
  const paused = useSession((s) => s.user?.isPaused ?? false);
  if (!paused) return null;
  return (
    <div
      role="status"
      className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-center text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      {PAUSED_NOTICE}{' '}
      <Link href="/contact" className="font-medium underline underline-offset-2">
        Write to the admins
      </Link>
    </div>
  );
}
