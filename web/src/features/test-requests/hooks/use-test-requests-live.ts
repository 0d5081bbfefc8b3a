import { REQUEST_STATUS_LABELS } from '@vitrine/domain/test-requests';
import { notify } from '../../../components/ui/toast';
import { useLiveEvent } from '../../../hooks/use-live-event';
import { useSession } from '../../../stores/session';

/**
 * Keeps test requests live for the signed-in user (mount once, at the root): the owner gets a toast
 * when a tester joins or posts feedback; testers when the status changes. The count of news not read
 * yet is the notification bell's (the same news is a notification, hooks/use-notification-count.ts).
 * Which reads the same pushes make stale is lib/live-keys.ts's business (hooks/use-live-updates.ts
 * applies it).
 */
export function useTestRequestsLive(): void {
  const signedIn = useSession((s) => s.user !== null);
  useLiveEvent('testRequest:activity', (push) => {
    if (!signedIn) return;
    notify({
      title: push.kind === 'joined' ? 'A tester joined' : 'New feedback',
      description:
        push.kind === 'joined'
          ? `${push.username} joined "${push.title}".`
          : `${push.username} sent feedback on "${push.title}".`,
    });
  });
  useLiveEvent('testRequest:changed', (push) => {
    if (!signedIn) return;
    if (!push.statusChanged) return;
    notify({
      title: 'Test request updated',
      description: `"${push.title}" is now ${REQUEST_STATUS_LABELS[push.status].toLowerCase()}.`,
    });
  });
}
