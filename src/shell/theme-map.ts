/**
 * antd's default and compact algorithms, run once for the console's tokens (theme-tokens.ts) by
 * `npm run theme:map` (write-theme-map.ts) instead of on the first drawing of every page: deriving
 * the colour palettes, sizes and radii is a block of a phone's main thread after the login page's
 * first paint. A seed other than the console's (a nested theme) is derived as antd derives it.
 * The written file holds only what the algorithms add to the seed, each palette once: the map is
 * rebuilt here, with antd's keys in antd's order (the order names the styles' hash).
 * `tests/unit/theme-map.test.ts` fails while the written file is stale (antd upgraded, a token
 * changed): run the command again.
 */
import { theme } from 'antd';
import type { MapToken, SeedToken } from 'antd/es/theme/interface';
import { CONSOLE_ADDED, CONSOLE_PALETTES } from './theme-map.generated';
import { CONSOLE_TOKEN } from './theme-tokens';

/** The seed antd's ConfigProvider hands its algorithms for the console's tokens: its default seed, the tokens over it. */
export const CONSOLE_SEED: SeedToken = { ...theme.defaultSeed, ...CONSOLE_TOKEN };

/** What antd's ConfigProvider derives from `seed` with `algorithm: [defaultAlgorithm, compactAlgorithm]`. */
export function derivedByAntd(seed: SeedToken): MapToken {
  return theme.compactAlgorithm(seed, theme.defaultAlgorithm(seed));
}

/** antd names each step of a palette twice, `blue-1` and `blue1`, in that order. */
export function paletteTokens(palettes: Readonly<Record<string, readonly string[]>>): Record<string, string> {
  const tokens: Record<string, string> = {};
  for (const [colour, steps] of Object.entries(palettes))
    steps.forEach((value, index) => {
      tokens[`${colour}-${index + 1}`] = value;
      tokens[`${colour}${index + 1}`] = value;
    });
  return tokens;
}

/** The written map: the seed's tokens (some replaced by the algorithms), the palettes, then what the algorithms add. */
export function writtenMap(): MapToken {
  return { ...CONSOLE_SEED, ...paletteTokens(CONSOLE_PALETTES), ...CONSOLE_ADDED } as MapToken;
}

/** True when `seed` holds exactly the console's seed. */
function isConsoleSeed(seed: SeedToken): boolean {
  const expected = Object.entries(CONSOLE_SEED);
  return (
    Object.keys(seed).length === expected.length &&
    expected.every(([key, value]) => (seed as unknown as Record<string, unknown>)[key] === value)
  );
}

/** The console's algorithm (one antd derivative): the written map for the console's seed, antd's work for any other. */
export function consoleAlgorithm(seed: SeedToken): MapToken {
  return isConsoleSeed(seed) ? writtenMap() : derivedByAntd(seed);
}
