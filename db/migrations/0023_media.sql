-- A project's screenshots (docs/architecture.md "Project media"): up to 8 per project, ordered by
-- position (0 is the cover), each with its alt text and the re-encoded files the store holds
-- (variants: [{ width, type, key }], WebP at each width and AVIF where smaller). The rows go with their
-- project (cascade); the files are removed by the command that deletes them.
CREATE TABLE project_media (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_id  integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  position    integer NOT NULL CHECK (position >= 0),
  alt         text NOT NULL DEFAULT '' CHECK (char_length(alt) <= 500),
  width       integer NOT NULL CHECK (width > 0),
  height      integer NOT NULL CHECK (height > 0),
  variants    jsonb NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
-- The gallery in order, the cover (position first) of every listed project, and the count per project.
CREATE INDEX project_media_project_position_idx ON project_media (project_id, position, id);
