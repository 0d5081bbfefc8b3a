-- Badge tiers count only ratings that cannot be farmed (docs/security.md "Tiers need ratings from
-- raters with standing on distinct networks"). A peer rating keeps the network its rater gave it
-- from (an IPv4 /24, an IPv6 /48; null for ratings given before this column existed, which then count
-- as one network each), and each user keeps, beside the plain averages, the average and count of the
-- ratings that count toward a tier: from raters with standing, one per network.
ALTER TABLE user_ratings ADD COLUMN rater_network text;

ALTER TABLE users
  ADD COLUMN developer_tier_rating numeric(5,2) NOT NULL DEFAULT 0,
  ADD COLUMN developer_tier_count integer NOT NULL DEFAULT 0,
  ADD COLUMN tester_tier_rating numeric(5,2) NOT NULL DEFAULT 0,
  ADD COLUMN tester_tier_count integer NOT NULL DEFAULT 0;

-- The tier aggregates of the ratings already given, by the rule of refreshAggregates
-- (db/src/queries/user-ratings.ts) with the standing of domain/src/constants.ts (7 days, 1 action).
WITH per_rater AS (
  SELECT ur.rated_user_id, ur.rating_type, avg(ur.rating) AS score,
         (array_agg(coalesce(ur.rater_network, 'rating:' || ur.id) ORDER BY ur.updated_at DESC, ur.id DESC))[1] AS network
  FROM user_ratings ur JOIN users rater ON rater.id = ur.rater_user_id
  WHERE rater.created_at <= now() - interval '7 days'
    AND (EXISTS (SELECT 1 FROM votes v WHERE v.user_id = rater.id)
         OR EXISTS (SELECT 1 FROM ratings g WHERE g.user_id = rater.id)
         OR EXISTS (SELECT 1 FROM projects o WHERE o.user_id = rater.id))
  GROUP BY ur.rated_user_id, ur.rating_type, ur.rater_user_id
), per_network AS (
  SELECT rated_user_id, rating_type, network, avg(score) AS score FROM per_rater GROUP BY rated_user_id, rating_type, network
), tier AS (
  SELECT rated_user_id,
         round(avg(score) FILTER (WHERE rating_type = 'developer'), 2) AS dev_avg,
         count(*) FILTER (WHERE rating_type = 'developer')::int AS dev_count,
         round(avg(score) FILTER (WHERE rating_type = 'tester'), 2) AS test_avg,
         count(*) FILTER (WHERE rating_type = 'tester')::int AS test_count
  FROM per_network GROUP BY rated_user_id
)
UPDATE users u SET
  developer_tier_rating = coalesce(tier.dev_avg, 0), developer_tier_count = tier.dev_count,
  tester_tier_rating = coalesce(tier.test_avg, 0), tester_tier_count = tier.test_count
FROM tier WHERE u.id = tier.rated_user_id;
