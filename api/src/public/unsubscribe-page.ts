import { escapeHtml } from '@vitrine/domain/html';

/** Where the page's link leads: the mail settings on the settings page (web/src/pages/settings.tsx). */
export const NOTIFICATION_SETTINGS_PATH = '/settings#notification-emails-heading';

/** The heading and text of the confirmation, before anything has changed. */
export const UNSUBSCRIBE_CONFIRM = {
  heading: 'Stop notification emails?',
  text: 'Press the button to turn off every notification email from this site. Nothing changes until you do.',
  button: 'Stop these mails',
};

/** What the page shows: the question with its button, or what happened (done or refused). */
export type UnsubscribePageState =
  { kind: 'confirm'; token: string } | { kind: 'done'; message: string } | { kind: 'refused'; message: string };

const HEADINGS: Record<UnsubscribePageState['kind'], string> = {
  confirm: UNSUBSCRIBE_CONFIRM.heading,
  done: 'You are unsubscribed',
  refused: 'Nothing was changed',
};

/** The form of the confirmation: a POST to the same address, the token in its query (the API reads JSON bodies only). */
function confirmForm(token: string): string {
  return `<p>${UNSUBSCRIBE_CONFIRM.text}</p>
<form method="post" action="/unsubscribe?token=${encodeURIComponent(token)}"><button type="submit">${UNSUBSCRIBE_CONFIRM.button}</button></form>`;
}

/**
 * The page a notification mail's "Stop these mails" link opens (routes/unsubscribe-page.ts): plain HTML
 * without script, so it works signed out, in any browser, before or without JavaScript. Its first state
 * asks (a GET changes nothing: mail scanners open links), its button POSTs, and the answer says what
 * happened with a link to the notification settings.
 */
export function renderUnsubscribePage(siteName: string, state: UnsubscribePageState): string {
  const site = escapeHtml(siteName);
  const body =
    state.kind === 'confirm' ? confirmForm(state.token) : `<p role="status">${escapeHtml(state.message)}</p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${HEADINGS[state.kind]} - ${site}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.6;color:#18181b;background:#fff}
a{color:#3730a3}a:focus-visible,button:focus-visible{outline:3px solid #4f46e5;outline-offset:2px}
button{font:inherit;margin:.5rem 0;padding:.5rem 1rem;border:0;border-radius:.5rem;background:#3730a3;color:#fff;font-weight:600;cursor:pointer}
@media (prefers-color-scheme:dark){body{color:#f4f4f5;background:#09090b}a{color:#c7d2fe}button{background:#c7d2fe;color:#1e1b4b}}</style>
</head><body><main><p><a href="/">${site}</a></p><h1>${HEADINGS[state.kind]}</h1>
${body}
<p><a href="${NOTIFICATION_SETTINGS_PATH}">Notification settings</a></p></main></body></html>`;
}
