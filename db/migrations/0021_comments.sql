-- Members' comments on a project's page (db/src/queries/comments.ts owns the table). A top-level
-- comment has no parent; a reply's parent is always a top-level comment (one level deep). A comment
-- keeps its markdown source (body) and the HTML rendered from it when written (api/src/markdown.ts).
-- Deleting one with replies keeps its row as "[deleted]" (deleted_at, text cleared); admins hide one
-- (hidden). reply_count counts the live (not deleted) replies of a top-level comment, for the Top sort.
CREATE TABLE comments (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_id  integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  parent_id   integer REFERENCES comments (id) ON DELETE CASCADE,
  author_id   integer REFERENCES users (id) ON DELETE SET NULL,
  body        text NOT NULL CHECK (char_length(body) <= 5000),
  html        text NOT NULL,
  reply_count integer NOT NULL DEFAULT 0 CHECK (reply_count >= 0),
  hidden      boolean NOT NULL DEFAULT false,
  created_at  timestamptz NOT NULL DEFAULT now(),
  edited_at   timestamptz,
  deleted_at  timestamptz
);
-- A project's threads, oldest first (the default sort), and by replies then recency (Top).
CREATE INDEX comments_threads_idx ON comments (project_id, created_at, id) WHERE parent_id IS NULL;
CREATE INDEX comments_top_idx ON comments (project_id, reply_count DESC, created_at DESC, id DESC) WHERE parent_id IS NULL;
-- A thread's replies, oldest first.
CREATE INDEX comments_replies_idx ON comments (parent_id, created_at, id) WHERE parent_id IS NOT NULL;
-- The author's quota (comments made in a window).
CREATE INDEX comments_author_idx ON comments (author_id, created_at);
-- The project's comment count (live comments: not deleted, not hidden).
CREATE INDEX comments_live_idx ON comments (project_id) WHERE deleted_at IS NULL AND NOT hidden;

-- Comments shown on every card and page (db/src/queries/projects.ts refreshCommentCount).
ALTER TABLE projects ADD COLUMN comment_count integer NOT NULL DEFAULT 0 CHECK (comment_count >= 0);

-- Members' reports of comments (db/src/queries/comment-reports.ts), as reports of projects: one open
-- report per member per comment; reporter_network counts distinct networks toward the auto-hide.
CREATE TABLE comment_reports (
  id                 integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  comment_id         integer NOT NULL REFERENCES comments (id) ON DELETE CASCADE,
  reporter_user_id   integer REFERENCES users (id) ON DELETE SET NULL,
  reporter_network   text NOT NULL,
  reason             text NOT NULL CHECK (reason IN ('spam', 'offensive', 'copyright', 'inappropriate', 'other')),
  additional_details text CHECK (char_length(additional_details) <= 500),
  status             text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'reviewed', 'dismissed', 'removed')),
  created_at         timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX comment_reports_open_key ON comment_reports (comment_id, reporter_user_id) WHERE status = 'pending';
CREATE INDEX comment_reports_status_idx ON comment_reports (status, created_at DESC, id DESC);
