// @vitest-environment jsdom
/**
 * How the browser takes the console's part of antd's styles written at build time
 * (src/shell/console-styles.ts, issue 30): after the outside part, before the app's own CSS, and
 * antd told to read the map of styles again once it is there.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

describe('the console part in the browser', () => {
  beforeEach(() => {
    vi.resetModules();
    document.head.innerHTML = '';
  });
  afterEach(() => vi.doUnmock('@ant-design/cssinjs/es/util/cacheMapUtil'));

  it('without the build link (dev server, tests) it is there at once and antd computes its styles', async () => {
    const { consoleStyles } = await import('../../src/shell/console-styles');
    await consoleStyles();
    expect(document.head.querySelectorAll('link').length).toBe(0);
  });

  it("loads the console's file right after the outside one, then has antd read the styles' map again", async () => {
    const reread = vi.fn();
    vi.doMock('@ant-design/cssinjs/es/util/cacheMapUtil', () => ({ reset: reread }));
    document.head.innerHTML =
      '<link rel="stylesheet" href="/assets/antd-outside.css" data-antd-console="/assets/antd-console.css"><link rel="stylesheet" href="/assets/index.css">';
    const { consoleStyles } = await import('../../src/shell/console-styles');
    const loaded = consoleStyles();
    expect(consoleStyles()).toBe(loaded);
    const links = [...document.head.querySelectorAll('link')].map((link) => link.getAttribute('href'));
    expect(links).toEqual(['/assets/antd-outside.css', '/assets/antd-console.css', '/assets/index.css']);
    expect(reread).not.toHaveBeenCalled();
    document.head.querySelectorAll('link')[1].dispatchEvent(new Event('load'));
    await loaded;
    expect(reread).toHaveBeenCalledOnce();
  });

  it('a file that does not load leaves the styles to antd at run time', async () => {
    const reread = vi.fn();
    vi.doMock('@ant-design/cssinjs/es/util/cacheMapUtil', () => ({ reset: reread }));
    document.head.innerHTML = '<link rel="stylesheet" href="/a.css" data-antd-console="/b.css">';
    const { consoleStyles } = await import('../../src/shell/console-styles');
    const loaded = consoleStyles();
    document.head.querySelectorAll('link')[1].dispatchEvent(new Event('error'));
    await loaded;
    expect(reread).not.toHaveBeenCalled();
  });
});
