-- An address receives mail carrying user content only once its owner followed a confirmation
-- link. A member's address counts as confirmed from email_verified_at (cleared when the address
-- changes); a visitor's contact copy waits for a confirmation of its own (message_id), since anyone can
-- type anyone's address into the contact form.
ALTER TABLE users ADD COLUMN email_verified_at timestamptz;

-- One confirmation mail: for a member's address (user_id) or for one contact copy (message_id). The
-- worker sets token_hash (SHA-256 of the random token) when it mails the link; the raw token is never
-- stored. A confirmation is used once and expires.
CREATE TABLE email_confirmations (
  id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email      text NOT NULL CHECK (char_length(email) <= 254),
  user_id    integer REFERENCES users (id) ON DELETE CASCADE,
  message_id integer REFERENCES contact_messages (id) ON DELETE CASCADE,
  token_hash text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at    timestamptz,
  CHECK ((user_id IS NULL) <> (message_id IS NULL))
);
CREATE INDEX email_confirmations_user_idx ON email_confirmations (user_id) WHERE user_id IS NOT NULL;
CREATE INDEX email_confirmations_message_idx ON email_confirmations (message_id) WHERE message_id IS NOT NULL;
