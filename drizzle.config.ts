import { defineConfig } from 'drizzle-kit';

/** drizzle-kit reads the schema derived from the declarations and writes committed migrations. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './server/db/migrations',
});
