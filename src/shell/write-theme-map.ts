/**
 * Writes `theme-map.generated.ts` (`npm run theme:map`): the seed antd's ConfigProvider hands its
 * algorithms for the console's tokens (antd's default seed with theme.ts's tokens over it) and
 * what the default and compact algorithms derive from it (theme-map.ts). Run it after changing
 * a token of theme.ts or upgrading antd; `tests/unit/theme-map.test.ts` fails while the file is stale.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { theme } from 'antd';
import * as prettier from 'prettier';
import { CONSOLE_TOKEN } from './theme';
import { derivedByAntd } from './theme-map';

const HERE = path.dirname(fileURLToPath(import.meta.url));
/** The generated file. */
export const THEME_MAP_FILE = path.join(HERE, 'theme-map.generated.ts');

/** The seed antd derives the console's tokens from: its default seed, the console's tokens over it. */
export function consoleSeed(): typeof theme.defaultSeed {
  return { ...theme.defaultSeed, ...CONSOLE_TOKEN };
}

/** The text of the generated file. */
export async function themeMapText(): Promise<string> {
  const seed = consoleSeed();
  const text = `/**
 * Written by \`npm run theme:map\` (write-theme-map.ts) from theme.ts's tokens with antd's default
 * and compact algorithms; never edited by hand. Read by theme-map.ts.
 */
import type { MapToken, SeedToken } from 'antd/es/theme/interface';

// The console's tokens include derived ones set by hand (theme.ts): both objects hold them too.
const seed = ${JSON.stringify(seed)};
const map = ${JSON.stringify(derivedByAntd(seed))};

/** The seed the map below was derived from. */
export const CONSOLE_SEED: SeedToken = seed;

/** What antd's algorithms derive from it. */
export const CONSOLE_MAP: MapToken = map;
`;
  const options = await prettier.resolveConfig(THEME_MAP_FILE);
  return prettier.format(text, { ...options, filepath: THEME_MAP_FILE });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(THEME_MAP_FILE, await themeMapText());
}
