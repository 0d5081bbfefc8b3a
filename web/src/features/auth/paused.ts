/** What a paused member can still do, and where to ask why: told as they sign in and in the banner of every page. */
export const PAUSED_NOTICE =
  'Your account is paused: you can read and write to the admins from the Contact page, but not vote, rate, submit or message members.';
