import { useEffect, useState } from 'react';

/** What had the focus when a drawer opened, and how to find it again if the list redrew it. */
interface Opener {
  readonly element: HTMLElement;
  /** The table row it sits in (`data-row-key`), when it is a row's action. */
  readonly rowKey: string | null;
  readonly tagName: string;
  /** Its accessible name or text, to tell it from the row's other actions. */
  readonly name: string;
}

const nameOf = (element: Element): string => (element.getAttribute('aria-label') ?? element.textContent ?? '').replace(/\s/g, '');

function openerOf(element: Element | null): Opener | null {
  if (!(element instanceof HTMLElement) || element === document.body || element.closest('.ant-drawer')) return null;
  const row = element.closest('[data-row-key]');
  return { element, rowKey: row?.getAttribute('data-row-key') ?? null, tagName: element.tagName, name: nameOf(element) };
}

/**
 * The last element outside a drawer that had the focus. A row action that opens a drawer
 * changes the url, and the list may draw its rows anew before the drawer renders: by then the
 * focus has fallen to the page's body, so the opener is the element focused last.
 */
let lastFocused: Opener | null = null;
let listening = false;

function listen(): void {
  if (listening) return;
  listening = true;
  document.addEventListener('focusin', (event) => {
    const opener = openerOf(event.target as Element | null);
    if (opener) lastFocused = opener;
  });
}

/**
 * Starts remembering the last focused element, from the moment a screen that opens drawers is
 * drawn: the drawer's own code loads only when the first drawer opens, after its opener was
 * focused (and, the list redrawing, often after the focus has fallen to the body).
 */
export function useOpenerTracking(): void {
  useEffect(listen, []);
}

function openerNow(): Opener | null {
  return openerOf(document.activeElement) ?? lastFocused;
}

/**
 * The opener, or its twin once the screen has drawn it again: in the same row for a row's action,
 * else the one element of its kind and name outside the drawers (a toolbar's Add, drawn anew
 * when the drawer's address changed the screen's).
 */
function findOpener(opener: Opener): HTMLElement | null {
  if (opener.element.isConnected) return opener.element;
  const within = opener.rowKey === null ? document : document.querySelector(`[data-row-key="${CSS.escape(opener.rowKey)}"]`);
  const twins = within
    ? Array.from(within.querySelectorAll<HTMLElement>(opener.tagName)).filter(
        (candidate) => !candidate.closest('.ant-drawer') && nameOf(candidate) === opener.name,
      )
    : [];
  return twins.length === 1 ? twins[0] : null;
}

/**
 * How long the focus is tried for: the list may draw its rows (or its toolbar) again a moment
 * after the drawer left, later on a busy machine.
 */
const ATTEMPT_MS = 2_000;

/**
 * Gives the focus back to what had it when a drawer opened (the row action or button that
 * opened it) once the drawer is gone, so a keyboard user who closes it with Esc goes on from
 * where they were instead of from the top of the page. The opener is taken while the drawer
 * first renders, before the drawer moves the focus into itself; a row's action redrawn meanwhile
 * is found again by its row and name. Nothing is taken from a user who has already moved on
 * (the focus is somewhere other than the page's body).
 */
export function useReturnFocus(): void {
  const [opener] = useState(openerNow);
  useEffect(
    () => () => {
      if (opener === null) return;
      const until = performance.now() + ATTEMPT_MS;
      const attempt = () => {
        const active = document.activeElement;
        if (active !== null && active !== document.body && !active.closest('.ant-drawer')) return;
        const target = findOpener(opener);
        if (target) target.focus();
        else if (performance.now() < until) requestAnimationFrame(attempt);
      };
      requestAnimationFrame(attempt);
    },
    [opener],
  );
}
