/**
 * antd's styles written at build time (issue 30): the two files the build writes, what the pages
 * outside the shell draw and the rest of the console (src/shell/antd-static-styles.ts, drawn in
 * Node as the build draws them). That the files match what the built app draws is checked in the
 * browser (tests/e2e/shell.test.ts, "antd's styles from the build"); how the browser takes the
 * console's file in tests/unit/console-styles.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { antdStaticStyles } from '../../src/shell/antd-static-styles';

const MAP = /\.data-ant-cssinjs-cache-path\{content:"([^"]*)";\}$/;

/** The style paths a file's closing map names (`<token>|<component>|<class>|<icon class>`), without their hashes. */
function mapOf(css: string): string[] {
  const content = MAP.exec(css)?.[1] ?? '';
  return content.split(';').map((entry) => entry.slice(0, entry.lastIndexOf(':')));
}

describe('the files of antd styles the build writes', () => {
  const files = antdStaticStyles();

  it("hold the login page's components outside the shell, the shell's and a list's in the other, each style once", () => {
    const outside = mapOf(files.outside);
    const both = mapOf(files.console);
    const component = (paths: string[]) => new Set(paths.map((p) => p.split('|')[1]));
    expect([...component(outside)]).toEqual(
      expect.arrayContaining(['Button-Button', 'Form-Form', 'Input-Component', 'Alert-Alert', 'Spin-Spin']),
    );
    // The login page draws no table, menu, dropdown or Typography (its headings are plain elements).
    for (const absent of ['Table-Table', 'Menu-Menu', 'Dropdown-Dropdown', 'Typography-Typography'])
      expect(component(outside).has(absent), absent).toBe(false);
    // The console's map names both files' styles; its rules are only those the first file lacks.
    expect(both).toEqual(expect.arrayContaining(outside));
    expect([...component(both)]).toEqual(
      expect.arrayContaining([
        'Table-Table',
        'Menu-Menu',
        'Dropdown-Dropdown',
        'Typography-Typography',
        'Layout-Layout',
        'Select-Select',
        'Checkbox-Checkbox',
        'Pagination-Pagination',
        'Drawer-Drawer',
      ]),
    );
    const firstRule = files.outside.slice(0, 200);
    expect(files.console.includes(firstRule)).toBe(false);
  });
});
