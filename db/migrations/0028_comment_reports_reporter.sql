-- A member's own reports of comments, newest first (their data export: db/src/queries/data-export.ts),
-- and the ON DELETE SET NULL of a deleted reporter, by index rather than a scan of every report.
CREATE INDEX comment_reports_reporter_idx ON comment_reports (reporter_user_id, created_at DESC, id DESC);
