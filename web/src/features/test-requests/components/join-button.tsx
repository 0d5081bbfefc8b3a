import { LogIn, LogOut } from 'lucide-react';
import { canTest, joiningOpen } from '@vitrine/domain/test-requests';
import type { TestRequestDetail } from '@vitrine/domain/types';
import { Button } from '../../../components/ui/button';
import { useToastedAction } from '../../../hooks/use-toasted-action';
import { errorMessage } from '../../../lib/api';
import { useSession } from '../../../stores/session';
import { useDialogs } from '../../../stores/dialogs';
import { setJoined } from '../api/actions';

/** Why a viewer cannot join, in words, or null when they can (or already joined). */
function joinHint(request: TestRequestDetail, role: 'developer' | 'tester' | 'both' | null): string | null {
  if (request.viewer.joined || request.viewer.isOwner) return null;
  if (!joiningOpen(request)) return request.status === 'open' ? 'The deadline has passed: joining is closed.' : null;
  if (request.testerCount >= request.maxTesters) return 'All tester places are taken.';
  if (role && !canTest(role)) return 'Only testers can join. You can change your role in Settings.';
  return null;
}

/** Join (tester or both) or leave (before completion) a request; visitors are asked to log in. */
export function JoinButton({ request }: { request: TestRequestDetail }) {
  const user = useSession((s) => s.user);
  const show = useDialogs((s) => s.show);
  const action = useToastedAction();
  const busy = action.busy !== null;
  const hint = joinHint(request, user?.role ?? null);
  const toggle = (join: boolean) =>
    action.run(join ? 'join' : 'leave', () => setJoined(request.id, join), {
      success: {
        title: join ? 'You joined this test request' : 'You left this test request',
        description: request.title,
      },
      failure: (error) => ({
        title: join ? 'Could not join' : 'Could not leave',
        description: errorMessage(error, 'Please try again.'),
      }),
    });
  if (request.viewer.isOwner) return null;
  if (!user) {
    if (!joiningOpen(request)) return null;
    return (
      <Button size="sm" onClick={() => show('auth')}>
        <LogIn aria-hidden="true" />
        Log in to join
      </Button>
    );
  }
  if (request.viewer.joined) {
    if (request.status !== 'open' && request.status !== 'in_progress') return null;
    return (
      <Button size="sm" variant="outline" loading={busy} onClick={() => void toggle(false)}>
        <LogOut aria-hidden="true" />
        Leave
      </Button>
    );
  }
  if (hint) return <p className="text-sm text-zinc-600 dark:text-zinc-400">{hint}</p>;
  if (!request.viewer.canJoin) return null;
  return (
    <Button size="sm" loading={busy} onClick={() => void toggle(true)}>
      <LogIn aria-hidden="true" />
      Join as tester
    </Button>
  );
}
