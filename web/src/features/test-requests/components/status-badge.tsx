import { REQUEST_STATUS_LABELS, type RequestStatus } from '@vitrine/domain/test-requests';
import { Badge, type BadgeColor } from '../../../components/ui/badge';

const COLORS: Record<RequestStatus, BadgeColor> = {
  open: 'green',
  in_progress: 'blue',
  completed: 'purple',
  cancelled: 'grey',
};

/** A request's status (open, in progress, completed, cancelled). */
export function StatusBadge({ status }: { status: RequestStatus }) {
  return <Badge color={COLORS[status]}>{REQUEST_STATUS_LABELS[status]}</Badge>;
}
