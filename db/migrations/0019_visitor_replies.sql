-- An admin's answer to a visitor's contact message (no account, an address typed in the form). The
-- worker mails it to that address, quoting the original: the row keeps the address and the original's
-- subject and text, so deleting the message right after replying does not stop the mail. The message's
-- card shows when it was last answered (message_id).
CREATE TABLE visitor_replies (
  id               integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  message_id       integer REFERENCES contact_messages (id) ON DELETE SET NULL,
  admin_user_id    integer REFERENCES users (id) ON DELETE SET NULL,
  to_email         text NOT NULL CHECK (char_length(to_email) <= 254),
  subject          text NOT NULL,
  message          text NOT NULL,
  original_subject text NOT NULL,
  original_message text NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX visitor_replies_message_idx ON visitor_replies (message_id, created_at DESC) WHERE message_id IS NOT NULL;
