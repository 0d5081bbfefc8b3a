-- The id of the request that caused an event (X-Request-Id, docs/operations.md "Logs"): the relay
-- hands it on with the event, so the worker's log lines of the jobs it leads to carry it. Null for
-- events written outside a request and for those written before this column existed.
ALTER TABLE events ADD COLUMN request_id text;
