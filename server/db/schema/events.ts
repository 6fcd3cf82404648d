/**
 * The columns every life-cycle event table shares (`order_events`, `goods_events`…): what happened, from
 * which status to which, and who did it (`actorId` null for the system and the gateway). The machine
 * library writes them; a table adds only the column naming its row.
 */
import { integer, jsonb, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from './user'

export const lifeCycleEventColumns = <
  Status extends string,
  Actor extends string,
  Event extends string = string,
>() => ({
  event: text('event').$type<Event>().notNull(),
  fromStatus: text('from_status').$type<Status | null>(),
  toStatus: text('to_status').$type<Status>().notNull(),
  actorId: integer('actor_id').references(() => users.id),
  actor: text('actor').$type<Actor>().notNull(),
  detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
