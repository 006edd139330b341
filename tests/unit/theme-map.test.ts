/**
 * The console's theme map written by `npm run theme:map` (src/shell/theme-map.ts, issue 30): the
 * browser takes it instead of running antd's algorithms on every page, so it must be exactly what
 * they derive, and a seed other than the console's must still be derived.
 */
import { readFileSync } from 'node:fs';
import { theme, type ThemeConfig } from 'antd';
import { describe, expect, it } from 'vitest';
import { CONSOLE_THEME, CONSOLE_TOKEN } from '../../src/shell/theme';
import { consoleAlgorithm, CONSOLE_SEED, derivedByAntd, writtenMap } from '../../src/shell/theme-map';
import { THEME_MAP_FILE, themeMapText } from '../../src/shell/write-theme-map';

/** The console's theme with antd's own algorithms, as it was before the map was written. */
const BY_ANTD: ThemeConfig = { ...CONSOLE_THEME, algorithm: [theme.defaultAlgorithm, theme.compactAlgorithm] };

describe("the console's theme map", () => {
  it('is current: `npm run theme:map` writes what is committed', async () => {
    expect(readFileSync(THEME_MAP_FILE, 'utf8')).toEqual(await themeMapText());
  }, 30_000);

  it("gives every design token antd's algorithms give the console's theme", () => {
    const designed = theme.getDesignToken(CONSOLE_THEME);
    expect(designed).toEqual(theme.getDesignToken(BY_ANTD));
    // The tokens the console sets show through (the brand colour, a darkened text), and the compact sizes.
    expect(designed.colorPrimary).toBe(CONSOLE_TOKEN.colorPrimary);
    expect(designed.colorTextDescription).toBe(CONSOLE_TOKEN.colorTextDescription);
    expect(designed.controlHeight).toBe(theme.getDesignToken({ algorithm: theme.compactAlgorithm }).controlHeight);
  });

  it("rebuilds antd's map from the written file, every key in antd's order (the order names the styles' hash)", () => {
    expect(Object.entries(writtenMap())).toEqual(Object.entries(derivedByAntd(CONSOLE_SEED)));
    // Both spellings of a palette's step are there, as antd writes them.
    expect(writtenMap()).toMatchObject({ 'blue-6': '#1677ff', blue6: '#1677ff' });
  });

  it("hands out a new copy of the written map for the console's seed, and derives any other", () => {
    const seed = { ...CONSOLE_SEED };
    const CONSOLE_MAP = derivedByAntd(CONSOLE_SEED);
    const first = consoleAlgorithm(seed);
    expect(first).toEqual(CONSOLE_MAP);
    expect(first).not.toBe(consoleAlgorithm(seed));
    // A nested theme's seed (another primary colour) is derived, not given the console's palette.
    const red = { ...seed, colorPrimary: '#cf1322' };
    const derived = consoleAlgorithm(red);
    expect(derived.colorPrimary).toBe('#cf1322');
    expect(derived).toEqual(theme.compactAlgorithm(red, theme.defaultAlgorithm(red)));
    expect(derived.colorPrimaryBg).not.toBe(CONSOLE_MAP.colorPrimaryBg);
    // A seed holding a token more than the console's is not the console's either: it is derived
    // (antd's algorithms carry the seed's tokens into the map).
    expect(consoleAlgorithm({ ...seed, extra: 1 } as typeof seed)).toEqual({ ...CONSOLE_MAP, extra: 1 });
  });
});
