-- The moderation log also records an admin hiding a test request or showing it again.
ALTER TABLE moderation_log DROP CONSTRAINT moderation_log_subject_type_check;
ALTER TABLE moderation_log ADD CONSTRAINT moderation_log_subject_type_check
  CHECK (subject_type IN ('project', 'user', 'comment', 'report', 'ring', 'rating', 'test_request'));
