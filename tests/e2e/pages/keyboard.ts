import type { Locator, Page } from 'playwright-core';

/**
 * Keyboard checks (issue 25 item 7): what Tab reaches, and where the focus goes when a dialog
 * closes. They press real keys in Chromium; nothing is focused by script except the point the
 * walk starts from.
 */

/** Marks the controls of `scopes` a person operates (buttons, links, inputs, pickers, switches). */
const CONTROLS =
  'button, a[href], input:not([type=hidden]):not([type=file]), textarea, select, [role=button], [role=combobox], [role=switch], [role=checkbox], [role=radio], [role=tab]';

/**
 * Parts of antd's inputs that look like buttons but are operated through their input (the number
 * input's step arrows take the arrow keys, the password's eye is a pointer's shortcut).
 */
const ADORNMENTS = '.ant-input-number-handler, .ant-input-password-icon, .ant-input-suffix [role=button]';

/** What a keyboard pass keeps in the page while it runs. */
interface KeyboardPass {
  readonly seen: Set<string>;
  readonly wanted: Map<string, string>;
  readonly stop: () => void;
}

/**
 * Marks the controls inside `scopes` (CSS selectors of the page's parts: a filter bar, a toolbar,
 * a form) a person operates, each with a `data-keyboard-id`, and returns how many there are. A
 * radio group counts as one control (arrow keys move inside it); a control inside another is
 * operated through it; disabled controls and those taken out of the tab order on purpose
 * (`tabindex="-1"`, hidden from assistive technology) are not asked for. What a pointer can click
 * that is no control of its own (a `div` with a click handler and a pointer cursor, as the
 * header's user menu once was) is asked for all the same.
 */
async function markControls(page: Page, scopes: readonly string[]): Promise<number> {
  return page.evaluate(
    ({ scopes, controls, adornments }) => {
      const seen = new Set<string>();
      const wanted = new Map<string, string>();
      const shown = (element: Element) =>
        element.getClientRects().length > 0 &&
        getComputedStyle(element).visibility !== 'hidden' &&
        !element.closest('[aria-hidden="true"]');
      const clickables = (root: Element) =>
        [...root.querySelectorAll<HTMLElement>('*')].filter(
          (element) =>
            getComputedStyle(element).cursor === 'pointer' &&
            getComputedStyle(element.parentElement!).cursor !== 'pointer' &&
            !element.matches(`label, ${controls}`) &&
            !element.closest(controls) &&
            !element.querySelector(controls),
        );
      const asked = (element: Element) =>
        shown(element) && !element.matches(':disabled, [aria-disabled="true"], [tabindex="-1"]') && !element.matches(adornments);
      for (const scope of scopes)
        for (const root of document.querySelectorAll(scope))
          for (const control of [...root.querySelectorAll<HTMLElement>(controls), ...clickables(root)]) {
            if (!asked(control)) continue;
            // A control inside another one is operated through it.
            const outer = control.parentElement?.closest(controls);
            if (outer && root.contains(outer) && asked(outer)) continue;
            const group = control instanceof HTMLInputElement && control.type === 'radio' ? control.name : '';
            const id = group ? `radio:${group}` : `control:${wanted.size}`;
            control.dataset.keyboardId = id;
            if (!wanted.has(id)) {
              const label = control.getAttribute('aria-label') ?? control.getAttribute('placeholder') ?? control.textContent ?? '';
              wanted.set(id, `${scope} ${control.tagName.toLowerCase()} "${label.trim().slice(0, 30)}"`);
            }
          }
      const record = (event: FocusEvent) => {
        const marked = (event.target as HTMLElement).closest<HTMLElement>('[data-keyboard-id]');
        if (marked) seen.add(marked.dataset.keyboardId!);
      };
      document.addEventListener('focusin', record);
      (window as unknown as { keyboardPass: KeyboardPass }).keyboardPass = {
        seen,
        wanted,
        stop: () => document.removeEventListener('focusin', record),
      };
      return wanted.size;
    },
    { scopes: [...scopes], controls: CONTROLS, adornments: ADORNMENTS },
  );
}

/** Ends a pass: the marks and the listener go; what it never saw is returned by what it shows. */
async function unseenControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const pass = (window as unknown as { keyboardPass: KeyboardPass }).keyboardPass;
    pass.stop();
    for (const element of document.querySelectorAll<HTMLElement>('[data-keyboard-id]')) delete element.dataset.keyboardId;
    return [...pass.wanted.entries()].filter(([id]) => !pass.seen.has(id)).map(([, label]) => label);
  });
}

/**
 * The controls inside `scopes` (see {@link markControls}) that Tab never reaches when pressed
 * from `start` onwards, by what they show. Tab is pressed until every control was reached, or
 * twice as often as there are controls.
 */
export async function unreachableByTab(page: Page, args: { scopes: readonly string[]; start: Locator }): Promise<string[]> {
  const count = await markControls(page, args.scopes);
  await args.start.focus();
  const allSeen = () =>
    page.evaluate(() => {
      const pass = (window as unknown as { keyboardPass: KeyboardPass }).keyboardPass;
      return [...pass.wanted.keys()].every((id) => pass.seen.has(id));
    });
  for (let press = 1; press <= count * 2 + 10; press += 1) {
    await page.keyboard.press('Tab');
    if (press % 5 === 0 && (await allSeen())) break;
  }
  return unseenControls(page);
}

/**
 * The controls inside `scopes` (see {@link markControls}) that are not in the page's tab order:
 * neither they nor anything inside them takes the focus from Tab (a `tabIndex` of 0 or more on
 * an enabled element). Read from the page as drawn, without pressing a key, so the browser walk
 * can ask it of every screen; {@link unreachableByTab} presses Tab for real on a few.
 */
export async function outOfTabOrder(page: Page, scopes: readonly string[]): Promise<string[]> {
  await markControls(page, scopes);
  await page.evaluate(() => {
    const pass = (window as unknown as { keyboardPass: KeyboardPass }).keyboardPass;
    const tabbable = (element: HTMLElement) => element.tabIndex >= 0 && !element.matches(':disabled');
    for (const control of document.querySelectorAll<HTMLElement>('[data-keyboard-id]'))
      if (tabbable(control) || [...control.querySelectorAll<HTMLElement>('*')].some(tabbable)) pass.seen.add(control.dataset.keyboardId!);
  });
  return unseenControls(page);
}

/** An open modal's or drawer's box, and what lies inside either. */
const DIALOG = '.ant-modal-wrap:visible .ant-modal, .ant-drawer-open .ant-drawer-content';
const INSIDE_DIALOG = '.ant-modal-wrap, .ant-drawer';

/**
 * Opens a modal or a drawer from `trigger` with the keyboard (focus, Enter), closes it with Esc
 * and tells whether the focus came back to the trigger: what a keyboard user needs to go on
 * where they were. The focus may come back a few frames after the dialog left (a drawer's opener
 * is found again once the list has drawn its rows), so it is waited for up to two seconds.
 */
export async function focusReturnsAfterEscape(page: Page, trigger: Locator): Promise<boolean> {
  await trigger.focus();
  await page.keyboard.press('Enter');
  const dialog = page.locator(DIALOG).last();
  // A drawer's code loads with the first one opened: seconds on a busy machine.
  await dialog.waitFor({ timeout: 30_000 });
  // antd moves the focus into the dialog once its opening motion has run.
  await page.waitForFunction((inside) => !!document.activeElement?.closest(inside), INSIDE_DIALOG, { timeout: 30_000 });
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden', timeout: 30_000 });
  // The trigger is found again each time: a list drawn anew after the dialog draws a new one.
  const focused = () => trigger.evaluate((element) => element === document.activeElement).catch(() => false);
  const until = Date.now() + 2_000;
  while (!(await focused())) {
    if (Date.now() > until) return false;
    await page.waitForTimeout(50);
  }
  return true;
}
