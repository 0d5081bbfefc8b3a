-- The public test-request list sorted by deadline pages by keyset: the page after a request
-- starts at (its deadline, its id) in an index range. NULLS LAST as an expression PostgreSQL can
-- compare as a row: no deadline sorts as 'infinity', after every real one.
DROP INDEX IF EXISTS project_requests_open_deadline_idx;
CREATE INDEX project_requests_open_deadline_idx ON project_requests ((coalesce(deadline, 'infinity'::timestamptz)), id)
  WHERE status = 'open' AND NOT is_hidden;
