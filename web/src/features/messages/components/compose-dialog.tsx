import type { UserOption } from '@vitrine/domain/answers';
import { endpoints } from '../../../lib/api';
import { Dialog } from '../../../components/ui/dialog';
import { DirectMessageForm } from './direct-message-form';

/** Props of ComposeDialog. */
export interface ComposeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Users to pick from, without the admin; undefined while loading. */
  recipients: UserOption[] | undefined;
  recipientsError?: boolean;
  /** Preselected recipient (Users tab 'Contact'). */
  recipientId?: number | null;
}

/** The admin composer (New Message, and the Users tab's Contact): POST /api/admin/messages. */
export function ComposeDialog({ open, onOpenChange, recipients, recipientsError, recipientId }: ComposeDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="New Message"
      description="Send a message to a user. It appears in their inbox, and they are notified by email if they provided an address."
      width="500px"
    >
      <DirectMessageForm
        key={recipientId ?? 'none'}
        endpoint={endpoints.admin.sendMessage}
        recipients={recipients}
        recipientsError={recipientsError}
        initialRecipientId={recipientId}
        onSent={() => onOpenChange(false)}
        onCancel={() => onOpenChange(false)}
        footerClassName="mt-2"
      />
    </Dialog>
  );
}
