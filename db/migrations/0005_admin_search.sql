-- Admin search (the dashboard's Users and Projects tabs): users by username or email, and projects
-- hidden or not. The project search index loses its "visible only" condition so that one index serves
-- the public search (which adds NOT is_hidden) and the admin's; users get a trigram index of their own.
DROP INDEX projects_search_idx;
CREATE INDEX projects_search_idx ON projects
  USING gin ((title || ' ' || description || ' ' || tags) gin_trgm_ops);
CREATE INDEX users_search_idx ON users USING gin (username gin_trgm_ops, email gin_trgm_ops);
