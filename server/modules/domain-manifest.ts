import type { FastifyPluginAsync } from 'fastify';
import type { ViewSource } from '../crud/query-view.source';
import type { ResourceHooks } from '../crud/server-hooks.define';
import type { DemoSeeder } from '../db/seed/seeders';
import type { OpenApiTag } from '../http/openapi.plugin';
import type { ModuleExport } from './files/module-export';
import type { ModuleImport } from './files/module-import';
import type { ApprovalQueue } from './approvals/approval-queue';

/**
 * A domain declares itself: one manifest per folder of server/modules (`<domain>.manifest.ts`)
 * says what the domain adds to the server, and `domains.ts` lists the manifests. The central
 * lists (the plugins `index.ts` registers, the resource hooks `resource-hooks.ts` hands the
 * engine, the file-centre exports `module-exports.ts`, the query-view sources `query-views.ts`,
 * the demo seeders `db/seed/seeders.ts`) are derived from that list, so adding a domain is one
 * folder and one line in `domains.ts` (server/README.md, "Adding a domain").
 */

/** What the assembled domains hand to every plugin: the lists derived from all the manifests. */
export interface DomainWiring {
  /** The server hooks of every declared resource that has them (the engine's registry is built from them). */
  readonly hooks: readonly ResourceHooks[];
  /** The file-centre exports of the hand-made lists, by name. */
  readonly exports: ReadonlyMap<string, ModuleExport>;
  /** The file-centre imports of the domains' own rows, by name. */
  readonly imports: ReadonlyMap<string, ModuleImport>;
  /** What waits for a second person, every domain's queues (approvals/approval-queue.ts). */
  readonly approvals: readonly ApprovalQueue[];
}

/** One Fastify plugin of a domain, registered under the service base with the wiring as its options. */
export interface DomainPlugin {
  /** The plugin's name (start-up order, logs). */
  readonly name: string;
  /** Its routes under `/v1/…`; a domain's queue workers and schedules are registered here too (`app.jobs`). */
  readonly plugin: FastifyPluginAsync<DomainWiring>;
}

/** What one domain contributes to the server; every part may be absent. */
export interface DomainManifest {
  /** The domain's folder under server/modules. */
  readonly name: string;
  /** Its plugins (routes and jobs), registered in this order after the access hook. */
  readonly plugins?: readonly DomainPlugin[];
  /** The server hooks of its declared resources (`<name>.hooks.ts`, `defineServerHooks`). */
  readonly hooks?: readonly ResourceHooks[];
  /** The file-centre exports of its hand-made lists (`files/module-export.ts`). */
  readonly exports?: readonly ModuleExport[];
  /** The file-centre imports of its own rows (`files/module-import.ts`: a partner's codes, a statement). */
  readonly imports?: readonly ModuleImport[];
  /**
   * The sources of the query views over its data (`<name>.source.ts`, `defineViewSource`): their
   * routes register after the domain's plugins, their exports join the module exports.
   */
  readonly views?: readonly ViewSource[];
  /**
   * Its demo data (`server/db/seed/<name>.seed.ts`, a `DemoSeeder` with the seeders it needs in
   * `after`): run once for the demo merchant after the platform's seeders (db/seed/seeders.ts).
   */
  readonly seed?: readonly DemoSeeder[];
  /**
   * What of the domain waits for a second person (approvals/approval-queue.ts): listed in the
   * header's "awaiting my approval" for whoever may approve it.
   */
  readonly approvals?: readonly ApprovalQueue[];
  /** The OpenAPI tags its operations use that are not a menu group's (`auth`, `files`). */
  readonly tags?: readonly OpenApiTag[];
}

/** A manifest, checked against its type where it is written. */
export const defineDomain = (manifest: DomainManifest): DomainManifest => manifest;
