import { defineConfig } from 'drizzle-kit'

// `npm run db:generate` diffs the schema against the committed snapshots; no database is needed.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './server/db/migrations',
})
