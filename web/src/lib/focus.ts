/**
 * Where focus goes when what held it disappears (a deleted row, a button removed by its own action):
 * a neighbour of what was there, never the bare body. Lists mark their rows `data-focus-row` and the
 * panel around them `data-focus-region` (a row's actions `data-focus-actions`), whose heading (`data-focus-heading`, tabIndex -1) is the last
 * resort before `#main`.
 */

/** What could take focus: links and enabled buttons, fields and tabbable elements. */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea, [tabindex="0"]';

/** The first visible focusable element inside `root`, or null. */
export function firstFocusable(root: Element | null | undefined): HTMLElement | null {
  if (!root?.isConnected) return null;
  for (const el of root.querySelectorAll<HTMLElement>(FOCUSABLE)) if (el.checkVisibility()) return el;
  return null;
}

/** A row's first action (its `data-focus-actions` part when it has one), else its first focusable element. */
function firstAction(row: Element | null): HTMLElement | null {
  return firstFocusable(row?.querySelector('[data-focus-actions]') ?? row) ?? firstFocusable(row);
}

/** The places around an element: its row, the rows beside it and the region's heading. */
export interface FocusNeighbours {
  row: Element | null;
  next: Element | null;
  previous: Element | null;
  heading: HTMLElement | null;
}

/** Notes the neighbours of `el` while it is still in the document. */
export function neighboursOf(el: Element): FocusNeighbours {
  const row = el.closest('[data-focus-row]');
  return {
    row,
    next: row?.nextElementSibling ?? null,
    previous: row?.previousElementSibling ?? null,
    heading: el.closest('[data-focus-region]')?.querySelector<HTMLElement>('[data-focus-heading]') ?? null,
  };
}

/**
 * The element to focus in place of one that is gone: the first action left in its row, else in the next
 * row, else in the previous one, else the region's heading, else the page's main content.
 */
export function replacementFocus(around: FocusNeighbours): HTMLElement | null {
  for (const candidate of [around.row, around.next, around.previous]) {
    const target = firstAction(candidate);
    if (target) return target;
  }
  if (around.heading?.isConnected) return around.heading;
  return document.getElementById('main');
}
