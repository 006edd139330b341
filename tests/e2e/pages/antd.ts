import type { Locator, Page } from 'playwright-core';

/**
 * Small helpers over antd's rendered markup, shared by the page objects. They read what a user
 * sees (labels, button texts, dialog titles), never component internals beyond antd's public
 * class names.
 */

/** A text matcher that ignores the space antd puts between two CJK characters in buttons. */
export function looseText(text: string | RegExp): RegExp {
  if (text instanceof RegExp) return text;
  const pattern = [...text.trim()].map((char) => (/\s/.test(char) ? '' : escape(char))).join('\\s*');
  return new RegExp(`^\\s*${pattern}\\s*$`, 'i');
}

function escape(char: string): string {
  return char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The open, visible overlay surfaces (modal, drawer, popconfirm) whose content is on screen. */
export function openDialogs(page: Page): Locator {
  return page.locator('.ant-modal-wrap:visible .ant-modal, .ant-drawer-open .ant-drawer-content, .ant-popover:visible');
}

/** The page a locator belongs to (inner locators of `has` filters must come from the page). */
export function pageOf(root: Page | Locator): Page {
  return 'page' in root && typeof root.page === 'function' ? root.page() : (root as Page);
}

/**
 * Waits, at most `timeout` ms and then goes on, until no animation that ends is running (a menu
 * item's colour fading, a drawer sliding in): what the page shows is then what a person reads. An
 * animation that never ends (a spinner, a processing badge's ripple) is not waited for: the walks
 * waited out their whole timeout on every screen drawing one.
 */
export async function animationsEnded(page: Page, timeout: number): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity),
      undefined,
      { timeout },
    )
    .catch(() => undefined);
}

/**
 * Waits until the work area shows the screen of the page's address. The console renders a new
 * address in a React transition: until it has, the screen left stays on the page (its filter
 * fields, its tables) and the shell marks it `aria-busy`. Outside the shell (the login page)
 * there is nothing to wait for.
 */
export async function screenAtAddress(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const shown = document.querySelector<HTMLElement>('.console-page');
    if (!shown) return true;
    return shown.dataset.path === location.hash.slice(1).split('?')[0] && shown.getAttribute('aria-busy') !== 'true';
  });
}

/** The form item whose label reads `label`, inside `root`. */
export function formItem(root: Page | Locator, label: string | RegExp): Locator {
  const matcher = looseText(label);
  const labelled = pageOf(root).locator('.ant-form-item-label label').filter({ hasText: matcher });
  // The item that owns the label, not one around it (an object field's item holds its members' items).
  return root
    .locator('.ant-form-item')
    .filter({ has: labelled })
    .filter({ hasNot: pageOf(root).locator('.ant-form-item').filter({ has: labelled }) })
    .first();
}

/** Waits until no antd spinner is spinning inside `root` (table loading, button loading). */
export async function settle(root: Page | Locator): Promise<void> {
  await root
    .locator('.ant-spin-spinning, .ant-btn-loading')
    .first()
    .waitFor({ state: 'hidden' })
    .catch(() => undefined);
}

/**
 * Puts `value` into whatever input the form item holds: text, number, textarea, select
 * or tree select (types then picks the option whose text matches), date picker, switch or checkbox
 * (value 'true'/'false'), radio group (picks the option by its text).
 */
export async function fillFormItem(page: Page, item: Locator, value: string): Promise<void> {
  if (await item.locator('.ant-select').count()) {
    const select = item.locator('.ant-select').first();
    await select.click();
    const search = select.locator('input.ant-select-selection-search-input');
    if (await search.isEditable().catch(() => false)) await search.fill(value);
    // Plain and relation selects list options; a tree select (parent pickers) lists tree nodes.
    // An option with a description (a member: masked mobile and number) matches by its title.
    const options = page.locator(
      '.ant-select-dropdown:visible .ant-select-item-option, .ant-select-dropdown:visible .ant-select-tree-node-content-wrapper',
    );
    const option = options
      .filter({ hasText: looseText(value) })
      .or(options.filter({ has: page.locator('.console-option-title', { hasText: looseText(value) }) }));
    await option.first().click();
    if (await select.locator('.ant-select-selection-overflow').count()) await page.keyboard.press('Escape');
    return;
  }
  if (await item.locator('.ant-picker').count()) {
    const input = item.locator('.ant-picker input').first();
    await input.click();
    await input.fill(value);
    // Leaving the input keeps a typed date; Enter would also submit the form around it.
    await input.blur();
    // Under load the picker's panel may still be opening when the input is left, and the typed
    // text is then dropped: type it again, and confirm it in the panel (Enter in a date input
    // confirms the date and never saves the form; activities.test.ts holds that).
    if ((await input.inputValue()) !== value) {
      await input.click();
      await input.fill(value);
      await input.press('Enter');
      await input.blur();
    }
    return;
  }
  if (await item.locator('.ant-switch').count()) {
    const toggle = item.locator('.ant-switch').first();
    const checked = (await toggle.getAttribute('aria-checked')) === 'true';
    if (checked !== (value === 'true')) await toggle.click();
    return;
  }
  if (await item.locator('.ant-radio-group').count()) {
    await item
      .locator('.ant-radio-wrapper')
      .filter({ hasText: looseText(value) })
      .first()
      .click();
    return;
  }
  if ((await item.locator('.ant-checkbox-group').count()) === 0 && (await item.locator('.ant-checkbox').count())) {
    const box = item.locator('input[type=checkbox]').first();
    if ((await box.isChecked()) !== (value === 'true')) await item.locator('.ant-checkbox').first().click();
    return;
  }
  const input = item.locator('textarea, input:not([type=hidden]):not([type=checkbox]):not([type=radio])').first();
  // A select drawn after the checks above (its control was still loading): pick, do not type.
  if ((await input.getAttribute('role')) === 'combobox' && (await item.locator('.ant-select').count())) {
    await fillFormItem(page, item, value);
    return;
  }
  await input.fill(value);
  await input.blur(); // numeric inputs fix their value on blur
}

/**
 * Waits (up to three seconds) until the dialog or popover holding `control` has ended its opening
 * motion. antd's dialogs zoom in from where they were asked; their first frames hold still, small,
 * until the animation starts, so Playwright found the OK button "stable" at that size and clicked
 * its centre as the dialog grew: the click landed beside the button, the dialog stayed open and
 * nothing was sent (seen in the full browser run on a loaded machine, and in two of three runs of
 * coupons.test.ts).
 */
export async function openingMotionEnded(control: Locator): Promise<void> {
  await control.evaluate(
    (node) =>
      new Promise<void>((resolve) => {
        const dialog = node.closest('.ant-modal, .ant-popover') ?? node;
        const started = performance.now();
        const check = () => {
          const moving =
            /-(enter|appear)\b/.test(dialog.className) ||
            dialog.getAnimations({ subtree: true }).some((animation) => animation.playState === 'running');
          if (!moving || performance.now() - started > 3_000) resolve();
          else requestAnimationFrame(check);
        };
        check();
      }),
  );
}

/** Clicks the primary button of the open confirmation (Popconfirm or confirm Modal) once it stands still. */
export async function confirmOpenDialog(page: Page): Promise<void> {
  const button = page
    .locator(
      '.ant-popover:visible .ant-popconfirm-buttons .ant-btn-primary, .ant-modal-wrap:visible .ant-modal-confirm-btns .ant-btn-primary',
    )
    .last();
  await openingMotionEnded(button);
  await button.click();
  await button.waitFor({ state: 'detached' }).catch(() => undefined);
}
