-- Devlogs: a project's owner posts updates (db/src/queries/project-updates.ts owns both tables;
-- docs/architecture.md "Devlogs"). An update keeps its markdown source (body) and the HTML rendered
-- from it when written (api/src/markdown.ts), as comments do. A deleted update keeps its row, text
-- cleared (deleted_at), so the owner's quota counts every update made.
CREATE TABLE project_updates (
  id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_id integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  author_id  integer REFERENCES users (id) ON DELETE SET NULL,
  title      text NOT NULL CHECK (char_length(title) <= 100),
  body       text NOT NULL CHECK (char_length(body) <= 5000),
  html       text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  edited_at  timestamptz,
  deleted_at timestamptz
);
-- A project's live updates, newest first (the page, its Atom feed, the count).
CREATE INDEX project_updates_project_idx ON project_updates (project_id, created_at DESC, id DESC) WHERE deleted_at IS NULL;
-- The author's quota (updates made in a window, deleted ones included).
CREATE INDEX project_updates_author_idx ON project_updates (author_id, created_at);

-- The feedback items a live update addresses (only feedback given in the project's own test requests;
-- checked by the command). tester_id and project_id are copied from the feedback for the reads below;
-- a deleted update's links are removed with it.
CREATE TABLE project_update_feedback (
  update_id   integer NOT NULL REFERENCES project_updates (id) ON DELETE CASCADE,
  feedback_id integer NOT NULL REFERENCES test_feedback (id) ON DELETE CASCADE,
  tester_id   integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  PRIMARY KEY (update_id, feedback_id)
);
-- A feedback item's newest addressing update (the test request page).
CREATE INDEX project_update_feedback_feedback_idx ON project_update_feedback (feedback_id, update_id DESC);
-- A tester's count of feedback addressed (their profile).
CREATE INDEX project_update_feedback_tester_idx ON project_update_feedback (tester_id, feedback_id);

-- The feedback of a project's test requests (the owner's picker, the command's check): requests by project.
CREATE INDEX project_requests_project_idx ON project_requests (project_id);

-- update_count: the project's live updates (ProjectDetail.updates). last_update_at: when its newest
-- live update was posted (null without one). The "Recently updated" sort of Latest orders by it, a
-- project never updated by its creation time.
ALTER TABLE projects
  ADD COLUMN update_count integer NOT NULL DEFAULT 0 CHECK (update_count >= 0),
  ADD COLUMN last_update_at timestamptz;
CREATE INDEX projects_updated_idx ON projects ((coalesce(last_update_at, created_at)) DESC, id DESC) WHERE NOT is_hidden;
