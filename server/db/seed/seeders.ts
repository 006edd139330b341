import type { DbOrTx } from '../connection';
import type { EngineRegistry } from '../../crud/resource-registry';
import { DOMAINS } from '../../modules/domains';
import { datumSeeder } from './datum.seed';

/** What every seeder is given: the demo merchant's transaction and the engine's registry. */
export interface DemoSeedInput {
  /** The transaction of the whole demo merchant (a failed seed leaves nothing). */
  readonly tx: DbOrTx;
  /** The demo merchant. */
  readonly tenantId: number;
  /** The engine with every resource's hooks, for seeders that write through the declarations' operations. */
  readonly registry: EngineRegistry;
}

/**
 * Demo data of one domain, run once when the demo merchant is first created, inside the same
 * transaction. A domain names its seeders in its manifest (`seed`); they run after the platform's
 * and after the seeders they name in `after`.
 */
export interface DemoSeeder {
  /** Its name, which other seeders' `after` refer to. */
  readonly name: string;
  /** The seeders whose rows this one reads or must not act on (run before it, whatever domain declares them). */
  readonly after?: readonly string[];
  /** Makes the rows. */
  seed(input: DemoSeedInput): Promise<void>;
}

/** The platform's demo data, which no domain owns (master data: stores, goods, channels, card types): first. */
const PLATFORM_SEEDERS: readonly DemoSeeder[] = [datumSeeder];

/**
 * The seeders in an order that runs each after those it names in `after`; among the seeders
 * ready to run, the one declared first (domains.ts order, then the manifest's) goes first, so the
 * order is stable. An unknown name or a circle stops the start.
 */
export function orderSeeders(seeders: readonly DemoSeeder[]): DemoSeeder[] {
  const names = new Set(seeders.map((seeder) => seeder.name));
  for (const seeder of seeders) {
    const unknown = (seeder.after ?? []).filter((name) => !names.has(name));
    if (unknown.length > 0) throw new Error(`demo seeder ${seeder.name} runs after unknown seeders: ${unknown.join(', ')}`);
  }
  const done = new Set<string>();
  const ordered: DemoSeeder[] = [];
  while (ordered.length < seeders.length) {
    const next = seeders.find((seeder) => !done.has(seeder.name) && (seeder.after ?? []).every((name) => done.has(name)));
    if (!next)
      throw new Error(
        `demo seeders wait on each other: ${seeders
          .filter((s) => !done.has(s.name))
          .map((s) => s.name)
          .join(', ')}`,
      );
    done.add(next.name);
    ordered.push(next);
  }
  return ordered;
}

/** Every demo seeder in the order they run: the platform's, then the domains' (their manifests' `seed`). */
export const DEMO_SEEDERS: readonly DemoSeeder[] = [...PLATFORM_SEEDERS, ...orderSeeders(DOMAINS.flatMap((domain) => domain.seed ?? []))];
