import { defineConfig } from 'drizzle-kit';

// Migrations are forward-only: generate a new one for every schema change, never edit a landed one.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './src/db/migrations',
  migrations: { prefix: 'timestamp' },
});
