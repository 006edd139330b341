import type { Page } from 'playwright-core';
import { animationsEnded } from './antd';

/**
 * Layout checks of a page as it is drawn now (issue 25 item 4): the widths a person works at
 * (1280 × 720 and 1440 × 900 on a desk, 390 px on a phone), and what each must hold. The checks
 * read rendered boxes only, so they apply to any screen, generic or hand-made.
 */

/** A window size a person works at. */
export interface Viewport {
  readonly width: number;
  readonly height: number;
}

export const DESK_WIDE: Viewport = { width: 1440, height: 900 };
export const DESK_NARROW: Viewport = { width: 1280, height: 720 };
export const PHONE: Viewport = { width: 390, height: 844 };

/** No input or picker is narrower than this, whatever it holds. */
export const MIN_INPUT_WIDTH = 60;

/** Class name the engine gives a key column's header and cells (src/screens/generic/key-columns.ts). */
const KEY_COLUMN_CLASS = 'console-key-column';

/** What {@link layoutProblems} found, and how many key column headers it looked at. */
export interface LayoutReport {
  readonly problems: string[];
  readonly keyHeaders: number;
}

/**
 * At a desk width: the page does not scroll sideways; every visible input, select and picker is
 * at least {@link MIN_INPUT_WIDTH} wide and shows its whole placeholder; every key column header
 * (identity, state, amount) lies inside everything that clips it (its table's scroll area, a
 * drawer) and is not under a pinned column. Each problem names its element.
 */
export async function layoutProblems(page: Page): Promise<LayoutReport> {
  return page.evaluate(
    ({ minWidth, keyClass }) => {
      const problems: string[] = [];
      const name = (element: Element) => {
        const text = (element.getAttribute('placeholder') ?? element.textContent ?? '').trim().slice(0, 30);
        const cls = [...element.classList]
          .filter((c) => c.startsWith('ant-'))
          .slice(0, 2)
          .join('.');
        return `${element.tagName.toLowerCase()}${cls ? `.${cls}` : ''}${text ? ` "${text}"` : ''}`;
      };
      const shown = (element: Element) => {
        if (element.getClientRects().length === 0) return false;
        const style = getComputedStyle(element);
        return style.visibility !== 'hidden' && !element.closest('[aria-hidden="true"], .ant-select-dropdown, .ant-picker-dropdown');
      };

      const overflow = document.documentElement.scrollWidth - window.innerWidth;
      if (overflow > 1) problems.push(`the page scrolls sideways by ${overflow} px`);

      // Inputs: the outer box of each control (a select's, a picker's, an input with an icon).
      const controls = document.querySelectorAll(
        '.ant-select, .ant-picker, .ant-input-number, .ant-input-affix-wrapper, input.ant-input, textarea.ant-input',
      );
      for (const control of controls) {
        if (control.parentElement?.closest('.ant-select, .ant-picker, .ant-input-number, .ant-input-affix-wrapper')) continue;
        if (!shown(control)) continue;
        const width = control.getBoundingClientRect().width;
        if (width < minWidth) problems.push(`${name(control)} is ${Math.round(width)} px wide`);
      }
      // Placeholders shown whole: an input's measured in its own font, a select's by its box.
      const canvas = document.createElement('canvas').getContext('2d')!;
      for (const input of document.querySelectorAll<HTMLInputElement>('input[placeholder]:not([type=hidden])')) {
        if (!shown(input) || input.value !== '' || input.placeholder === '') continue;
        const style = getComputedStyle(input);
        canvas.font = style.font;
        const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        const needed = canvas.measureText(input.placeholder).width;
        if (needed > room + 1) problems.push(`${name(input)} shows ${Math.round(room)} of its placeholder's ${Math.round(needed)} px`);
      }
      for (const placeholder of document.querySelectorAll('.ant-select-selection-placeholder')) {
        if (!shown(placeholder)) continue;
        if (placeholder.scrollWidth > placeholder.clientWidth + 1)
          problems.push(`${name(placeholder)} shows ${placeholder.clientWidth} of its placeholder's ${placeholder.scrollWidth} px`);
      }

      // Key columns: inside every box that clips them, and not under a pinned column.
      const keyHeaders = [...document.querySelectorAll(`th.${keyClass}`)].filter(shown);
      for (const header of keyHeaders) {
        const box = header.getBoundingClientRect();
        let left = 0;
        let right = window.innerWidth;
        for (let node = header.parentElement; node; node = node.parentElement) {
          const overflowX = getComputedStyle(node).overflowX;
          if (overflowX === 'visible') continue;
          const clip = node.getBoundingClientRect();
          left = Math.max(left, clip.left);
          right = Math.min(right, clip.right);
        }
        if (box.left < left - 1 || box.right > right + 1) {
          problems.push(
            `key column ${name(header)} lies outside its table's visible area (${Math.round(box.left)}–${Math.round(box.right)} of ${Math.round(left)}–${Math.round(right)})`,
          );
          continue;
        }
        if (header.matches('.ant-table-cell-fix-left, .ant-table-cell-fix-right')) continue;
        const row = header.parentElement!;
        for (const pinned of row.querySelectorAll(':scope > .ant-table-cell-fix-left, :scope > .ant-table-cell-fix-right')) {
          const cover = pinned.getBoundingClientRect();
          if (cover.right > box.left + 1 && cover.left < box.right - 1) {
            problems.push(`key column ${name(header)} is under the pinned column ${name(pinned)}`);
            break;
          }
        }
      }
      return { problems, keyHeaders: keyHeaders.length };
    },
    { minWidth: MIN_INPUT_WIDTH, keyClass: KEY_COLUMN_CLASS },
  );
}

/**
 * On a phone: the side menu is folded away (no side menu in the layout, its drawer closed) and
 * the page does not scroll sideways.
 */
export async function phoneProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const overflow = document.documentElement.scrollWidth - window.innerWidth;
    if (overflow > 1) problems.push(`the page scrolls sideways by ${overflow} px`);
    const sider = document.querySelector('.ant-layout-sider');
    if (sider && sider.getBoundingClientRect().width > 0)
      problems.push(`the side menu stays open, ${Math.round(sider.getBoundingClientRect().width)} px wide`);
    if (document.querySelector('.console-menu-drawer.ant-drawer-open')) problems.push('the menu drawer is open');
    return problems;
  });
}

/**
 * Resizes the window and waits until the page has drawn itself at the new size: antd's
 * breakpoints and tables react to the resize in observers, so two animation frames after the
 * window reports the new width the layout is the new one (and any motion it started has ended).
 */
export async function resize(page: Page, viewport: Viewport): Promise<void> {
  await page.setViewportSize(viewport);
  // The first crossing of the phone's breakpoint loads and draws the other shell: on a busy
  // machine more than the walk's 5 s default.
  await page.waitForFunction((width) => window.innerWidth === width, viewport.width, { timeout: 30_000 });
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)))),
  );
  // What the resize set moving (the side menu coming back) has come to rest before colours are read.
  await animationsEnded(page, 2_000);
}
