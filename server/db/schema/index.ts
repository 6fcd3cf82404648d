/** The one drizzle schema, a file per domain; `npm run db:generate` diffs it against the migrations. */
export * from './settings'
export * from './users'
export * from './catalogue'
export * from './orders'
export * from './content'
