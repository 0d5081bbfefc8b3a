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
