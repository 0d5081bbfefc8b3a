/**
 * The first script of every page (a classic script at the top of <head>, built as an entry of its own
 * by web/vite.config.ts; docs/web-client.md "Before hydration"). The server's page shows buttons and
 * forms that do nothing until React has hydrated them, which takes seconds on a slow phone: this
 * script keeps what a person does meanwhile and hands it to React once the element it was aimed at is
 * hydrated.
 *
 * - A click on a button (or a checkbox, radio, tab...) that React has not hydrated yet is cancelled
 *   before anything sees it (no native form submission either), marked `data-early-click`, and
 *   replayed once with `click()` when React owns the element: several clicks on one element before
 *   then count once.
 * - A form submitted without a button the same way, replayed with `requestSubmit()`.
 * - Text typed into a field, or an option chosen, before hydration stays in the field, but React's
 *   state does not know it: once the field is hydrated it gets an `input` (or `change`) event React
 *   takes as the person's own, so a Post sends what the field shows.
 *
 * What is kept is replayed in its order. An element React drew anew instead of hydrating it (a
 * Suspense boundary updated before its chunk arrived) is found again at the same place under #root.
 * It must stay tiny and import nothing: it blocks the first
 * paint until it has loaded (with the stylesheet, in parallel).
 */

/** What a click acts on: everything that does nothing without JavaScript. Links work as they are. */
const ACTIONABLE =
  'button,input[type=submit],input[type=button],input[type=image],input[type=checkbox],input[type=radio],' +
  '[role=button],[role=tab],[role=checkbox],[role=switch],[role=menuitem],[role=option],[role=combobox]';
/** How often the kept actions look for their element to be hydrated. */
const POLL_MS = 100;
/** Polls an element that left the page is looked for before its action is given up (10 s). */
const MAX_MISSES = 100;

(() => {
  type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
  /** Where an element sits under #root (element indices) and what it is, to find it again if redrawn. */
  type Place = { path: number[]; sig: string };
  type Action = { kind: 'click' | 'submit'; el: HTMLElement } | { kind: 'field'; el: Field; value: string };
  type Kept = Action & { place: Place; misses: number };
  const kept: Kept[] = [];
  let polling = false;

  // React writes its props onto each element it has hydrated (or rendered) under `__reactProps$<id>`;
  // an element without them is still the server's markup, whose clicks reach no handler.
  const hydrated = (el: Element) => Object.keys(el).some((key) => key.startsWith('__reactProps$'));
  const appRoot = () => document.getElementById('root');
  const inApp = (el: Element) => appRoot()?.contains(el) === true;
  const sigOf = (el: Element) => `${el.tagName}|${el.getAttribute('aria-label') ?? el.textContent?.trim() ?? ''}`;
  const placeOf = (el: Element): Place => {
    const path: number[] = [];
    for (let at: Element = el; at.parentElement && at !== appRoot(); at = at.parentElement)
      path.unshift([...at.parentElement.children].indexOf(at));
    return { path, sig: sigOf(el) };
  };
  // The same element in a part React drew anew (a Suspense boundary updated before it hydrated): the
  // same place and kind, since the client draws what the server drew.
  const find = ({ path, sig }: Place): HTMLElement | null => {
    let at: Element | null | undefined = appRoot();
    for (const index of path) at = at?.children[index];
    return at instanceof HTMLElement && sigOf(at) === sig ? at : null;
  };
  const later = (ms: number) => {
    polling = true;
    setTimeout(replay, ms);
  };
  const keep = (next: Action) => {
    const same = kept.find((k) => k.el === next.el && k.kind === next.kind);
    if (same?.kind === 'field' && next.kind === 'field') same.value = next.value;
    else if (!same) kept.push({ ...next, place: placeOf(next.el), misses: 0 });
    if (!polling) later(POLL_MS);
  };

  /**
   * Gives a field the value kept for it as if typed: a re-render since hydration may have put React's
   * value back. React's value tracker (the element's own `value` setter) is set to '' and the field,
   * through the prototype's setter, to the kept value, so React takes the event as a change.
   */
  const syncField = (el: HTMLElement, value: string) => {
    const proto = Object.getPrototypeOf(el) as object;
    if (!(el instanceof HTMLSelectElement)) (el as Field).value = '';
    Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, value);
    el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  };

  // One kept action per task, so React has rendered what the previous one changed (a comment's text
  // before its Post).
  function replay() {
    const next = kept[0];
    if (!next) {
      polling = false;
      return;
    }
    // React writes an element's props while it renders the hydration, before that render commits;
    // a value given before the commit is put back by the re-renders that follow it. <html
    // data-hydrated> (app/hydrated-mark.tsx) says the root and its page have committed.
    if (document.documentElement.dataset.hydrated !== 'true') return later(POLL_MS);
    const el = next.el.isConnected ? next.el : find(next.place);
    if (!el || !hydrated(el)) {
      // Not there (yet): a part drawn anew shows its fallback until its chunk has loaded. An element
      // gone for good is given up after MAX_MISSES polls.
      if (el || ++next.misses < MAX_MISSES) return later(POLL_MS);
      kept.shift();
      return later(0);
    }
    kept.shift();
    next.el.removeAttribute('data-early-click');
    if (next.kind === 'field') syncField(el, next.value);
    else if (next.kind === 'click') el.click();
    else if (el instanceof HTMLFormElement) el.requestSubmit();
    later(0);
  }

  document.addEventListener(
    'click',
    (event) => {
      const el = event.target instanceof Element ? event.target.closest<HTMLElement>(ACTIONABLE) : null;
      if (!el || hydrated(el) || !inApp(el)) return;
      event.preventDefault();
      event.stopPropagation();
      el.setAttribute('data-early-click', '');
      keep({ kind: 'click', el });
    },
    true,
  );
  document.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || hydrated(form) || !inApp(form)) return;
      event.preventDefault();
      event.stopPropagation();
      keep({ kind: 'submit', el: form });
    },
    true,
  );
  const onField = (event: Event) => {
    const el = event.target;
    if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement))
      return;
    if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) return;
    if (!hydrated(el) && inApp(el)) keep({ kind: 'field', el, value: el.value });
  };
  document.addEventListener('input', onField, true);
  document.addEventListener('change', onField, true);
})();
