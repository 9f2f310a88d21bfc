import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes SQL migrations from the schema into drizzle/; the server applies them at start-up.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './drizzle',
});
