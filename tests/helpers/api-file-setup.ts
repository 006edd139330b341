import { unmountResources } from '../../server/crud/resource-registry';

/**
 * Runs before each API test file. The files of a worker share one module graph (`isolate: false`
 * in vitest.config.ts), so a test-only resource mounted by one file would otherwise be served by
 * every app built after it, and the OpenAPI document of a later file would hold its routes.
 */
unmountResources();
