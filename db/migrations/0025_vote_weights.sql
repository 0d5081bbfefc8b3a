-- Weighted votes (domain/src/rankings.ts VOTE_WEIGHTS): each vote keeps the evidence it was cast with
-- (`kind`) and its weight, 0 while a suspected or confirmed ring holds it (`cluster_id`). The public
-- count stays the raw count; Trending and the Leaderboard sum weights (docs/architecture.md).
ALTER TABLE votes
  ADD COLUMN kind text CHECK (kind IN ('standing', 'newMember', 'tester', 'visitor', 'clickedVisitor')),
  ADD COLUMN weight double precision,
  ADD COLUMN network text,
  ADD COLUMN cluster_id integer;
UPDATE votes SET kind = CASE WHEN user_id IS NULL THEN 'visitor' ELSE 'standing' END,
                 weight = CASE WHEN user_id IS NULL THEN 0.25 ELSE 1 END;

-- A vote written without its evidence (the demo seed, the benchmarks' seed, tests that build rows)
-- takes the voter's plain kind: a member's standing, a visitor's. The API always writes both.
CREATE FUNCTION votes_default_weight() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.kind := coalesce(NEW.kind, CASE WHEN NEW.user_id IS NULL THEN 'visitor' ELSE 'standing' END);
  NEW.weight := coalesce(NEW.weight, CASE WHEN NEW.kind IN ('standing', 'tester') THEN 1
                                          WHEN NEW.kind IN ('newMember', 'clickedVisitor') THEN 0.5 ELSE 0.25 END);
  RETURN NEW;
END $$;
CREATE TRIGGER votes_default_weight BEFORE INSERT ON votes
  FOR EACH ROW WHEN (NEW.kind IS NULL OR NEW.weight IS NULL) EXECUTE FUNCTION votes_default_weight();
ALTER TABLE votes ALTER COLUMN kind SET NOT NULL, ALTER COLUMN weight SET NOT NULL,
  ADD CONSTRAINT votes_weight_check CHECK (weight >= 0 AND weight <= 1);

-- The all-time leaderboard's weighted counter, moved in the vote's statement like `votes`.
ALTER TABLE projects ADD COLUMN weighted_votes double precision NOT NULL DEFAULT 0;
UPDATE projects p SET weighted_votes = w.total
FROM (SELECT project_id, sum(weight) AS total FROM votes GROUP BY project_id) w WHERE w.project_id = p.id;
CREATE INDEX projects_weighted_votes_idx ON projects (weighted_votes DESC, id DESC) WHERE NOT is_hidden;

-- A leaderboard row ranks by its weighted votes and shows the raw count (`votes`).
ALTER TABLE leaderboard_entries ADD COLUMN weight double precision NOT NULL DEFAULT 0;

-- The network (/24 or /48, never the address) an account signed up from; votes keep theirs above.
ALTER TABLE users ADD COLUMN signup_network text;

-- Rings the integrity scan found (db/src/queries/integrity.ts): open until an admin confirms (votes
-- voided, accounts paused) or clears it (weights restored). `evidence` is what the scan saw.
CREATE TABLE integrity_clusters (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  signal      text NOT NULL CHECK (signal IN ('network', 'sameVotes', 'visitorBurst')),
  status      text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'confirmed', 'cleared')),
  fingerprint text NOT NULL,
  evidence    jsonb NOT NULL,
  reason      text CHECK (char_length(reason) <= 500),
  reviewed_by integer REFERENCES users (id) ON DELETE SET NULL,
  reviewed_at timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);
-- One cluster per signal and fingerprint (its sorted members): a scan does not file the same ring twice.
CREATE UNIQUE INDEX integrity_clusters_fingerprint_key ON integrity_clusters (signal, fingerprint);
CREATE INDEX integrity_clusters_status_idx ON integrity_clusters (status, created_at DESC, id DESC);

ALTER TABLE votes ADD CONSTRAINT votes_cluster_fkey FOREIGN KEY (cluster_id) REFERENCES integrity_clusters (id) ON DELETE SET NULL;
CREATE INDEX votes_cluster_idx ON votes (cluster_id) WHERE cluster_id IS NOT NULL;
CREATE INDEX votes_project_created_idx ON votes (project_id, created_at);
CREATE INDEX votes_member_kind_idx ON votes (user_id) WHERE kind = 'newMember';

-- Outbound clicks through /go/{id}: one row per visitor (address key) and project a day.
CREATE TABLE outbound_clicks (
  project_id integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  visitor    text NOT NULL,
  day        date NOT NULL DEFAULT current_date,
  PRIMARY KEY (project_id, visitor, day)
);

DROP INDEX leaderboard_entries_rank_idx;
CREATE INDEX leaderboard_entries_rank_idx ON leaderboard_entries (time_range, weight DESC, votes DESC, rating_bound DESC, created_at ASC, project_id);
