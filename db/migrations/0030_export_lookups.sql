-- A member's data export reads these tables by the member (db/src/queries/data-export.ts); their keys
-- lead with the project or the event, so without these a lookup by member would scan the table.
-- outbound_clicks and project_impressions name a member by a text key ('u42', 'u:42'), a visitor by address.
CREATE INDEX outbound_clicks_visitor_idx ON outbound_clicks (visitor, day DESC);
CREATE INDEX project_impressions_visitor_idx ON project_impressions (visitor, day DESC);
CREATE INDEX sent_emails_recipient_idx ON sent_emails (recipient, sent_at DESC);
-- An admin's replies to visitors, read by their author.
CREATE INDEX visitor_replies_admin_idx ON visitor_replies (admin_user_id, created_at DESC) WHERE admin_user_id IS NOT NULL;
