-- Site-wide project search (the home page's search box and the WebSite SearchAction): a substring
-- match over title, description and tags, served by a trigram index so it never scans the table.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX projects_search_idx ON projects
  USING gin ((title || ' ' || description || ' ' || tags) gin_trgm_ops)
  WHERE NOT is_hidden;
