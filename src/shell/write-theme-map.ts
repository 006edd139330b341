/**
 * Writes `theme-map.generated.ts` (`npm run theme:map`): what antd's default and compact
 * algorithms derive from the console's seed (theme-map.ts), less what the seed already holds, and
 * each palette once. Run it after changing a token of theme-tokens.ts or upgrading antd;
 * `tests/unit/theme-map.test.ts` fails while the file is stale. Refuses to write a file that
 * would not rebuild antd's map exactly, keys in antd's order.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { CONSOLE_SEED, derivedByAntd, paletteTokens } from './theme-map';

const HERE = path.dirname(fileURLToPath(import.meta.url));
/** The generated file. */
export const THEME_MAP_FILE = path.join(HERE, 'theme-map.generated.ts');

/** antd's map for the console's seed, split into its palettes and what else the algorithms add or replace. */
export function splitMap(): { palettes: Record<string, string[]>; added: Record<string, unknown> } {
  const seed = CONSOLE_SEED as unknown as Record<string, unknown>;
  const map = derivedByAntd(CONSOLE_SEED) as unknown as Record<string, unknown>;
  const palettes: Record<string, string[]> = {};
  const added: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(map)) {
    if (Object.hasOwn(seed, key)) {
      if (value !== seed[key]) added[key] = value;
      continue;
    }
    // A palette step of a seed colour, `blue-1` (kept) or `blue1` (rebuilt from it).
    const step = /^([a-z]+)(-?)\d+$/.exec(key);
    if (step && Object.hasOwn(seed, step[1])) {
      if (step[2]) (palettes[step[1]] ??= []).push(String(value));
      continue;
    }
    added[key] = value;
  }
  const rebuilt = { ...seed, ...paletteTokens(palettes), ...added };
  if (JSON.stringify(Object.entries(rebuilt)) !== JSON.stringify(Object.entries(map)))
    throw new Error("the split map does not rebuild antd's map in antd's order: theme-map.ts's rebuilding needs a change");
  return { palettes, added };
}

/** The text of the generated file. */
export async function themeMapText(): Promise<string> {
  const { palettes, added } = splitMap();
  const text = `/**
 * Written by \`npm run theme:map\` (write-theme-map.ts) from theme-tokens.ts's tokens with antd's
 * default and compact algorithms; never edited by hand. Read by theme-map.ts, which rebuilds the
 * whole map from the seed, the palettes and the rest.
 */

/** Each palette's ten steps, lightest first. */
export const CONSOLE_PALETTES: Readonly<Record<string, readonly string[]>> = ${JSON.stringify(palettes)};

/** What else the algorithms add to the seed or replace in it, in antd's order. */
export const CONSOLE_ADDED: Readonly<Record<string, unknown>> = ${JSON.stringify(added)};
`;
  const options = await prettier.resolveConfig(THEME_MAP_FILE);
  return prettier.format(text, { ...options, filepath: THEME_MAP_FILE });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(THEME_MAP_FILE, await themeMapText());
}
