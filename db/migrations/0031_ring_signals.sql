-- Impressions weighed like votes (domain/src/rankings.ts IMPRESSION_WEIGHTS, db/src/queries/impressions.ts):
-- each keeps the network it came from, when it came and its weight (the impressions of one network on
-- one project weigh 1 together at most), and the ring that holds it (`cluster_id`: a held impression
-- counts for nothing). The integrity scan reads them (db/src/queries/ring-signals.ts impressionFloods).
-- Impressions counted before this migration weigh 1 each, dated at the start of their day.
ALTER TABLE project_impressions
  ADD COLUMN network text,
  ADD COLUMN weight double precision NOT NULL DEFAULT 1 CHECK (weight >= 0 AND weight <= 1),
  ADD COLUMN created_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN cluster_id integer REFERENCES integrity_clusters (id) ON DELETE SET NULL;
UPDATE project_impressions SET created_at = day::timestamptz;

-- The strip's weighed count (at most 200 rows of one project), the network cap (at most 4 rows of one
-- network on one project), the scan's window and a cluster's release.
CREATE INDEX project_impressions_counted_idx ON project_impressions (project_id) INCLUDE (weight)
  WHERE weight > 0 AND cluster_id IS NULL;
CREATE INDEX project_impressions_network_idx ON project_impressions (project_id, network) INCLUDE (weight)
  WHERE weight > 0;
CREATE INDEX project_impressions_created_idx ON project_impressions (created_at);
CREATE INDEX project_impressions_cluster_idx ON project_impressions (cluster_id) WHERE cluster_id IS NOT NULL;

-- A fourth signal: impression floods of one network.
ALTER TABLE integrity_clusters DROP CONSTRAINT integrity_clusters_signal_check,
  ADD CONSTRAINT integrity_clusters_signal_check CHECK (signal IN ('network', 'sameVotes', 'visitorBurst', 'impressions'));
