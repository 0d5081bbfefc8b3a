-- Webhooks of project owners (docs/api.md "Webhooks", db/src/queries/webhooks.ts).

-- A member's subscription of a URL to events of one of their projects (project_id) or of all of them
-- (NULL). The secret signs every delivery (HMAC-SHA256), so it is kept as it was given out.
CREATE TABLE webhooks (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  project_id  integer REFERENCES projects (id) ON DELETE CASCADE,
  url         text NOT NULL CHECK (length(url) <= 500),
  events      text[] NOT NULL CHECK (cardinality(events) >= 1),
  secret      text NOT NULL,
  -- Deliveries failed (every attempt) in a row since the last success; at the limit the webhook is
  -- switched off (disabled_at) and receives no new events until a redelivery succeeds.
  consecutive_failures integer NOT NULL DEFAULT 0 CHECK (consecutive_failures >= 0),
  disabled_at timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);
-- The owner's list (and the count that bounds it), and the fan-out of an event to the project's owner.
CREATE INDEX webhooks_user_idx ON webhooks (user_id, id);
CREATE INDEX webhooks_project_idx ON webhooks (project_id) WHERE project_id IS NOT NULL;

-- One event sent to one webhook. `event_key` names the event (its outbox id), so the fan-out of an
-- event handled twice adds nothing. `body` is the exact JSON sent (a redelivery sends the same bytes).
-- `round` counts redeliveries; `round_attempts` the attempts of the current round; `updated_at` is the
-- last attempt or round start (a pending delivery untouched for long lost its job: it may be redelivered).
CREATE TABLE webhook_deliveries (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  webhook_id     integer NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
  event_key      text NOT NULL,
  event          text NOT NULL,
  body           text NOT NULL,
  status         text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  round          integer NOT NULL DEFAULT 0,
  round_attempts integer NOT NULL DEFAULT 0,
  attempts       integer NOT NULL DEFAULT 0,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  UNIQUE (webhook_id, event_key)
);
-- The log, newest first, and its pruning to the newest WEBHOOK_LOG_SIZE.
CREATE INDEX webhook_deliveries_log_idx ON webhook_deliveries (webhook_id, id DESC);

-- Each attempt of a delivery: what the receiver answered (or why nothing was sent).
CREATE TABLE webhook_attempts (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  delivery_id     bigint NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
  attempt         integer NOT NULL,
  outcome         text NOT NULL CHECK (outcome IN ('ok', 'failed', 'blocked')),
  response_status integer,
  duration_ms     integer,
  error           text,
  at              timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_attempts_delivery_idx ON webhook_attempts (delivery_id, id DESC);
