/**
 * RTL's `render` with antd's styles kept out of the page. antd (CSS-in-JS) writes some 400 kB of
 * CSS into `<head>` for a list screen, and jsdom's `getComputedStyle` matches every element
 * against all of it: about 50 ms a call, and antd, user-event and role queries call it on every
 * click and query. Component tests assert what the screen shows and does, not its CSS, so the
 * styles go into an element outside the document, where jsdom never reads them (a call then
 * costs under 1 ms). Inline styles (antd's motion hides closed drawers and popups with
 * `display: none`) still apply.
 */
import { StyleProvider } from '@ant-design/cssinjs';
import { render as renderInPage, type RenderOptions, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';

/** Where antd's style elements go: one element per worker, never attached to the document. */
const styleSink = typeof document === 'undefined' ? undefined : document.createElement('div');

function OutOfPageStyles({ children }: { readonly children: ReactNode }) {
  return <StyleProvider container={styleSink}>{children}</StyleProvider>;
}

/** Renders `ui` as RTL does, with antd's styles written outside the page. */
export function render(ui: ReactElement, options: Omit<RenderOptions, 'wrapper'> = {}): RenderResult {
  return renderInPage(ui, { ...options, wrapper: OutOfPageStyles });
}
