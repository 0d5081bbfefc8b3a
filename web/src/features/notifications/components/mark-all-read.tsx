import { CheckCheck } from 'lucide-react';
import type { NotificationView } from '@vitrine/domain/answers';
import { Button } from '../../../components/ui/button';
import { useToastedAction } from '../../../hooks/use-toasted-action';
import { errorMessage } from '../../../lib/api';
import { markNotificationsRead } from '../use-notifications';

/**
 * Mark all as read, with its toasts: disabled while nothing in `items` is unread; `refresh` refetches
 * what is shown afterwards (the bell's panel, the centre).
 */
export function MarkAllReadButton({
  items,
  refresh,
  variant,
}: {
  items: NotificationView[] | undefined;
  refresh: () => Promise<unknown>;
  variant: 'ghost' | 'outline';
}) {
  const { busy, run } = useToastedAction();
  const unread = items?.some((item) => item.readAt === null) ?? false;
  const markAll = () =>
    run(
      'all',
      async () => {
        await markNotificationsRead();
        await refresh();
      },
      {
        success: { title: 'All notifications marked as read' },
        failure: (error) => ({
          title: 'Could not mark them read',
          description: errorMessage(error, 'Please try again.'),
        }),
      },
    );
  return (
    <Button variant={variant} size="sm" onClick={markAll} disabled={!unread} loading={busy === 'all'}>
      <CheckCheck aria-hidden="true" />
      Mark all as read
    </Button>
  );
}
