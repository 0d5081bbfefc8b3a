import type { NotificationKind } from '@vitrine/domain/notifications';
import { notify } from '../../components/ui/toast';
import { useLiveEvent } from '../../hooks/use-live-event';
import { useSession } from '../../stores/session';

/**
 * The kinds of news a member may act on at once (a test request of theirs moving), told with a toast
 * as the notification arrives, and each toast's title; the text is the notification's own.
 */
const TOAST_TITLES: Partial<Record<NotificationKind, string>> = {
  testerJoined: 'A tester joined',
  feedbackPosted: 'New feedback',
  requestStatus: 'Test request updated',
};

/**
 * Mount once, at the root: a toast for each live notification of a kind in TOAST_TITLES. The toast
 * is a channel of the notification (docs/architecture.md "Notifications"), as the bell and the mail
 * are: the news reaches the member through the one notification path.
 */
export function useNotificationToasts(): void {
  const signedIn = useSession((s) => s.user !== null);
  useLiveEvent('notification:new', ({ notification }) => {
    const title = TOAST_TITLES[notification.kind];
    if (signedIn && title) notify({ title, description: notification.text });
  });
}
