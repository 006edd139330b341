import type { FastifyPluginAsync } from 'fastify';

/**
 * Every server module, registered under the service base (`/loyalty`). A module is a Fastify
 * plugin whose routes start with `/v1/…`; it reaches the database through `app.database`.
 * Adding a module is adding one line here.
 */
export const MODULES: ReadonlyArray<{ name: string; plugin: FastifyPluginAsync }> = [
];
