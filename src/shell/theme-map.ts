/**
 * antd's default and compact algorithms, run once for the console's tokens (theme.ts) by
 * `npm run theme:map` (write-theme-map.ts) instead of on the first drawing of every page: deriving
 * the colour palettes, sizes and radii is a block of a phone's main thread after the login page's
 * first paint. A seed other than the console's (a nested theme) is derived as antd derives it.
 * `tests/unit/theme-map.test.ts` fails while the written map is stale (antd upgraded, a token
 * changed): run the command again.
 */
import { theme } from 'antd';
import type { MapToken, SeedToken } from 'antd/es/theme/interface';
import { CONSOLE_MAP, CONSOLE_SEED } from './theme-map.generated';

/** What antd's ConfigProvider derives from `seed` with `algorithm: [defaultAlgorithm, compactAlgorithm]`. */
export function derivedByAntd(seed: SeedToken): MapToken {
  return theme.compactAlgorithm(seed, theme.defaultAlgorithm(seed));
}

/** True when `seed` holds exactly the seed the written map was derived from. */
function isConsoleSeed(seed: SeedToken): boolean {
  const written = Object.entries(CONSOLE_SEED);
  return (
    Object.keys(seed).length === written.length &&
    written.every(([key, value]) => (seed as unknown as Record<string, unknown>)[key] === value)
  );
}

/** The console's algorithm (one antd derivative): the written map for the console's seed, antd's work for any other. */
export function consoleAlgorithm(seed: SeedToken): MapToken {
  return isConsoleSeed(seed) ? { ...CONSOLE_MAP } : derivedByAntd(seed);
}
