-- One way to tell a member: the test-request and health notice mails and the admins' reply notice are
-- notification mails now (worker/src/notifications), so `email_notices` goes and each member keeps the
-- mails they got. Before, a member's notification mail (notify_email, notify_kinds) came beside two
-- older mails: the notices (a tester joined, feedback, a request's status, a project down or up), sent
-- while email_notices was on, and the reply notice, sent to every confirmed address.

-- Notices switched off: the matching kinds' mail switches are off.
UPDATE users SET notify_kinds = notify_kinds || '{"testerJoined": false, "feedbackPosted": false, "requestStatus": false, "projectHealth": false}'::jsonb
WHERE NOT email_notices AND notify_email <> 'off';

-- Notification mail off: the member got the reply notice at once, and the notices when they were on;
-- they still get those, at once, and no other kind.
UPDATE users SET notify_email = 'instant',
  notify_kinds = CASE WHEN email_notices THEN '{"comment": false, "reply": false, "mention": false, "newProject": false, "newFollower": false, "testerJoined": true, "feedbackPosted": true, "requestStatus": true, "feedbackHelpful": false, "ratingReceived": false, "trending": false, "projectHealth": true, "adminReply": true, "feedbackAddressed": false, "projectUpdate": false, "webhookDisabled": false}'::jsonb
                      ELSE '{"comment": false, "reply": false, "mention": false, "newProject": false, "newFollower": false, "testerJoined": false, "feedbackPosted": false, "requestStatus": false, "feedbackHelpful": false, "ratingReceived": false, "trending": false, "projectHealth": false, "adminReply": true, "feedbackAddressed": false, "projectUpdate": false, "webhookDisabled": false}'::jsonb END
WHERE notify_email = 'off';

ALTER TABLE users DROP COLUMN email_notices;

-- A new member is mailed every kind at once once their address is confirmed (an admin's reply by
-- email, as the reply dialog says); Settings chooses otherwise.
ALTER TABLE users ALTER COLUMN notify_email SET DEFAULT 'instant';
