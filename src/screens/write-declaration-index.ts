/**
 * Writes `declaration-index.generated.ts` (`npm run declarations:index`): what the shell knows of
 * every declaration before loading any (declaration-index.ts), and which domain manifest draws
 * which hand-made screen and holds slots of which resource (manifests.ts). Run it after adding or
 * changing a resource's or query view's name, route or permissions, or a manifest's screens or
 * slot keys; `tests/unit/declaration-index.test.ts` fails while the file is stale.
 *
 * Each declaration is found in the module of `resources/` that exports it (itself before a list
 * holding it, a `*.resource.ts` / `*.query-view.ts` before another file), so its loader brings
 * that module and what it imports, nothing more.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as prettier from 'prettier';
import type { ResourceDef } from '../../resources/define';
import { RESOURCES } from '../../resources/index';
import type { QueryViewDef } from '../../resources/query-view';
import { QUERY_VIEWS } from '../../resources/query-views';
import { pickDeclaration } from './declaration-index';
import { DOMAIN_MANIFESTS } from './manifests';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../..');
const RESOURCES_DIR = path.join(ROOT, 'resources');
/** The generated file. */
export const INDEX_FILE = path.join(HERE, 'declaration-index.generated.ts');

// Lists of everything (they would hold every declaration) and folders without declarations.
const SKIPPED = /^(index|query-views)\.ts$|^(contract|messages|catalog)\//;

interface Home {
  readonly file: string;
  readonly from: string;
  readonly rank: number;
}

function declarationFiles(): string[] {
  return (fs.readdirSync(RESOURCES_DIR, { recursive: true }) as string[])
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts') && !SKIPPED.test(file))
    .sort();
}

async function homes(shape: 'resource' | 'view', declarations: readonly (ResourceDef | QueryViewDef)[]): Promise<Map<string, Home>> {
  const found = new Map<string, Home>();
  for (const file of declarationFiles()) {
    const module = (await import(pathToFileURL(path.join(RESOURCES_DIR, file)).href)) as Record<string, unknown>;
    const ownName = shape === 'resource' ? /\.resource\.ts$/.test(file) : /\.query-view\.ts$/.test(file);
    for (const [from, exported] of Object.entries(module)) {
      for (const declaration of declarations) {
        if (pickDeclaration(exported, declaration.name, shape) !== declaration) continue;
        const rank = (exported === declaration ? 0 : 2) + (ownName ? 0 : 1);
        const best = found.get(declaration.name);
        if (!best || rank < best.rank) found.set(declaration.name, { file, from, rank });
      }
    }
  }
  for (const declaration of declarations) {
    if (!found.has(declaration.name)) throw new Error(`no module of resources/ exports the ${shape} ${declaration.name}`);
  }
  return found;
}

const loader = (home: Home) => `() => import('../../resources/${home.file.replace(/\.ts$/, '')}')`;

function resourceEntry(resource: ResourceDef, home: Home): string {
  const actions = Object.fromEntries(
    Object.entries(resource.states?.actions ?? {}).map(([name, action]) => [name, action.requires ? { requires: action.requires } : {}]),
  );
  const parts = [
    `name: ${JSON.stringify(resource.name)}`,
    `route: ${JSON.stringify(resource.route)}`,
    `access: ${JSON.stringify(resource.access)}`,
    ...(resource.viewOf ? [`viewOf: ${JSON.stringify(resource.viewOf)}`] : []),
    ...(Object.keys(actions).length > 0 ? [`states: { actions: ${JSON.stringify(actions)} }`] : []),
    `from: ${JSON.stringify(home.from)}`,
    `load: ${loader(home)}`,
  ];
  return `{ ${parts.join(', ')} }`;
}

function viewEntry(view: QueryViewDef, home: Home): string {
  return `{ name: ${JSON.stringify(view.name)}, route: ${JSON.stringify(view.route)}, access: ${JSON.stringify(view.access)}, from: ${JSON.stringify(home.from)}, load: ${loader(home)} }`;
}

/** The text of the generated index, formatted as the project's Prettier formats it. */
export async function declarationIndexText(): Promise<string> {
  const resourceHomes = await homes('resource', RESOURCES);
  const viewHomes = await homes('view', QUERY_VIEWS);
  const screens: Record<string, string> = {};
  const slots: Record<string, string[]> = {};
  for (const { domain, load } of DOMAIN_MANIFESTS) {
    const manifest = await load();
    if (manifest.domain !== domain) throw new Error(`the manifest listed as ${domain} says it is ${manifest.domain}`);
    for (const key of Object.keys(manifest.screens ?? {})) screens[key] = domain;
    const owners = new Set(
      [manifest.detailTabs, manifest.toolbarItems, manifest.formSections, manifest.detailActions].flatMap((part) =>
        Object.keys(part ?? {}),
      ),
    );
    for (const owner of owners) (slots[owner] ??= []).push(domain);
  }
  const text = `/**
 * Written by \`npm run declarations:index\` (write-declaration-index.ts) from the declarations and
 * the domain manifests; never edited by hand. What the shell knows before loading any
 * declaration (declaration-index.ts, manifests.ts).
 */
import type { QueryViewSummary, ResourceSummary } from './declaration-index';

/** Every declared resource, in the order of \`RESOURCES\`. */
export const RESOURCE_SUMMARIES: readonly ResourceSummary[] = [
${RESOURCES.map((r) => `${resourceEntry(r, resourceHomes.get(r.name)!)},`).join('\n')}
];

/** Every query view, in the order of \`QUERY_VIEWS\`. */
export const QUERY_VIEW_SUMMARIES: readonly QueryViewSummary[] = [
${QUERY_VIEWS.map((v) => `${viewEntry(v, viewHomes.get(v.name)!)},`).join('\n')}
];

/** The domain whose manifest draws each hand-made screen. */
export const VIEW_SCREEN_DOMAINS: Readonly<Record<string, string>> = ${JSON.stringify(screens)};

/** The domains whose manifests hold slots of each resource (\`*\`: of every list). */
export const SLOT_DOMAINS: Readonly<Record<string, readonly string[]>> = ${JSON.stringify(slots)};
`;
  const options = await prettier.resolveConfig(INDEX_FILE);
  return prettier.format(text, { ...options, filepath: INDEX_FILE });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(INDEX_FILE, await declarationIndexText());
  console.log(`wrote ${path.relative(ROOT, INDEX_FILE)}`);
}
