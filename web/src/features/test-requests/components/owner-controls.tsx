import { useState } from 'react';
import { CheckCircle2, Pencil, Play, XCircle } from 'lucide-react';
import type { RequestStatus } from '@vitrine/domain/test-requests';
import { nextStatuses } from '@vitrine/domain/test-requests';
import type { TestRequestDetail } from '@vitrine/domain/answers';
import { Button } from '../../../components/ui/button';
import { useFocusResult } from '../../../hooks/use-focus-result';
import { useToastedAction } from '../../../hooks/use-toasted-action';
import { errorMessage } from '../../../lib/api';
import { updateRequest } from '../api/actions';
import { RequestFormDialog } from './request-form-dialog';
import { REQUEST_STATUS_ID } from './request-summary';

/** The owner's buttons for each move the transition rule allows. */
const MOVES: Record<
  RequestStatus,
  { label: string; icon: typeof Play; variant: 'primary' | 'outline' | 'destructive'; done: string }
> = {
  in_progress: { label: 'Start testing', icon: Play, variant: 'primary', done: 'Testing has started' },
  completed: { label: 'Mark completed', icon: CheckCircle2, variant: 'primary', done: 'Test request completed' },
  cancelled: { label: 'Cancel request', icon: XCircle, variant: 'destructive', done: 'Test request cancelled' },
  open: { label: 'Reopen', icon: Play, variant: 'outline', done: 'Test request reopened' },
};

/** The owner (or an admin) moves the request along: open -> in progress -> completed, or cancels; and edits it while active. */
export function OwnerControls({ request }: { request: TestRequestDetail }) {
  const { busy, run } = useToastedAction();
  const [editing, setEditing] = useState(false);
  // The pressed button is gone after a move (the next moves replace it): focus goes to the new status.
  const focusResult = useFocusResult();
  const moves = nextStatuses(request.status);
  const move = (status: RequestStatus) =>
    run(status, () => updateRequest(request.id, { status }), {
      success: { title: MOVES[status].done, description: request.title },
      onSuccess: () => focusResult(REQUEST_STATUS_ID),
      failure: (error) => ({ title: 'Update failed', description: errorMessage(error, 'Please try again.') }),
    });
  if (moves.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {request.viewer.isOwner ? (
        <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
          <Pencil aria-hidden="true" />
          Edit
        </Button>
      ) : null}
      {moves.map((status) => {
        const { label, icon: Icon, variant } = MOVES[status];
        return (
          <Button
            key={status}
            size="sm"
            variant={variant}
            loading={busy === status}
            disabled={busy !== null}
            onClick={() => void move(status)}
          >
            <Icon aria-hidden="true" />
            {label}
          </Button>
        );
      })}
      {editing ? <RequestFormDialog projectId={request.projectId} request={request} onOpenChange={setEditing} /> : null}
    </div>
  );
}
