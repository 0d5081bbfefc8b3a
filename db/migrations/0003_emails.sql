-- Emails the worker has sent, one row per (event, kind of mail): a retried or re-enqueued event job
-- looks here first, so each mail goes out once. No foreign key: the outbox may be
-- pruned while this record must stay.
CREATE TABLE sent_emails (
  event_id  bigint NOT NULL,
  kind      text NOT NULL,
  recipient text NOT NULL,
  sent_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (event_id, kind)
);
