/**
 * A life cycle declared as a table (DOMAIN.md "Life cycles"): which event moves a row from which statuses
 * to which, who may take it, and under what further condition. Every status change goes through
 * `create` or `transition`: one conditional write (`… WHERE id = $1 AND status IN (from) AND guard`) plus
 * an event row in the same transaction, so two racing changes cannot both win and nothing changes without
 * its event. What a viewer may do now (`actions[]` on every response) is derived from the same table, and
 * so are the timers: a transition with a `timer` is one the sweeper takes by itself when it falls due.
 */
import { and, eq, inArray, lte, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Executor } from '../db'
import type { Settings } from './settings'

/** The events of a transition table that have a timer: each needs a step in the sweeper. */
export type TimedEvents<T> = { [E in keyof T]: T[E] extends { timer: object } ? E : never }[keyof T]

/** A condition beyond the status, said twice in one place: on a loaded row, and as SQL for the write. */
export interface Guard<Row> {
  holds(row: Row): boolean
  sql: SQL
}

/** Every one of `guards`. */
export const allOf = <Row>(...guards: Guard<Row>[]): Guard<Row> => ({
  holds: (row) => guards.every((guard) => guard.holds(row)),
  sql: and(...guards.map((guard) => guard.sql))!,
})

/**
 * When the sweeper takes a transition by itself (as `system`): once the row's clock column `at` lies
 * `after` behind now. Due rows are found by SQL from now, so a run after downtime catches up.
 */
export interface Timer {
  /** The row's clock: a deadline (closeAt) or the moment a wait starts (handedOverAt). */
  at: PgColumn
  /** How long after `at`, from the settings (ms); 0 when `at` is the deadline. */
  after?: (settings: Settings) => number
  /** Whether the timer runs at all under these settings. */
  on?: (settings: Settings) => boolean
}

export interface Rule<S extends string, A extends string, Row> {
  /** Statuses the event leaves; empty for the event that creates the row. */
  from: readonly S[]
  to: S
  by: readonly A[]
  guard?: Guard<Row>
  timer?: Timer
}

/** Something a viewer may do: take or start a transition, or read something, in these statuses. */
export interface Permission<S extends string, A extends string, Row> {
  in: readonly S[]
  by: readonly A[]
  guard?: Guard<Row>
}

export interface ActorRef<A extends string> {
  kind: A
  userId?: number | null
  detail?: Record<string, unknown>
}

/** A table a machine can drive: an integer id and a text status. */
type MachineTable = PgTable & { id: PgColumn; status: PgColumn }

interface Spec<S extends string, A extends string, E extends string, P extends string, Row> {
  /** Names the machine in errors: `order: buyer may not refund`. */
  name: string
  table: MachineTable
  /** The append-only event table and the column naming the row (`orderId`). */
  events: { table: PgTable; subject: string }
  statuses: readonly S[]
  actors: readonly A[]
  transitions: Record<E, Rule<S, A, Row>>
  /** The actions of `actions[]`, in the order clients show them. */
  actions: Record<P, readonly Permission<S, A, Row>[]>
}

export interface Machine<S extends string, A extends string, E extends string, P extends string, Row, New> {
  readonly spec: Spec<S, A, E, P, Row>
  /** Whether `actor` may take `event` on `row` now (status, actor and guard). */
  can(event: E, row: Row, actor: A): boolean
  /** Whether `actor` may do `action` with `row` now. */
  allows(action: P, row: Row, actor: A): boolean
  /** The actions any of `roles` may do with `row` now, in declared order. */
  actionsFor(row: Row, roles: readonly A[]): P[]
  /** The events that have a timer, in declared order. */
  readonly timed: E[]
  /**
   * Which rows `event`'s timer has made due at `now`: in a `from` status, the guard holding, the clock
   * passed; null when the settings turn the timer off.
   */
  due(event: E, now: Date, settings: Settings): SQL | null
  /** Inserts a row in the `to` status of a creating event, with its event row. */
  create(tx: Executor, event: E, actor: ActorRef<A>, values: New): Promise<Row>
  /**
   * Moves one row along `event` if it is still in a `from` status and the rule's guard (and `guard`)
   * holds; returns the updated row, or null when another change got there first or the guard failed.
   */
  transition(
    tx: Executor,
    id: number,
    event: E,
    actor: ActorRef<A>,
    set?: Partial<Omit<Row, 'id' | 'status'>>,
    guard?: SQL,
  ): Promise<Row | null>
  /**
   * Runs `listener` after every change this machine makes, in the change's transaction — how another module
   * follows a life cycle without the machine knowing it (the deal room's cards). Registering it again is a no-op.
   */
  observe(listener: Observer<Row, E>): void
}

export type Observer<Row, E extends string> = (tx: Executor, row: Row, event: E) => Promise<void>

/** The permission of taking `rule` (its statuses, its actors or `by`, its guard). */
export const taking = <S extends string, const A extends string, Row>(
  rule: Rule<S, A, Row>,
  by: readonly A[] = rule.by,
): Permission<S, A, Row> => ({ in: rule.from, by, guard: rule.guard })

/**
 * Types come from the declaration itself: the row and insert types from `table`, the statuses, actors,
 * events and actions from their lists — a machine is written without type arguments.
 */
export function defineMachine<
  T extends MachineTable & { $inferSelect: { id: number; status: string } },
  S extends T['$inferSelect']['status'],
  const A extends string,
  E extends string,
  P extends string = never,
>(
  spec: Spec<S, A, E, P, T['$inferSelect']> & { table: T },
): Machine<S, A, E, P, T['$inferSelect'], Omit<T['$inferInsert'], 'status'>> {
  type Row = T['$inferSelect']
  const { name, table, events } = spec
  const permits = (permission: Permission<S, A, Row>, row: Row, actor: A) =>
    permission.in.includes(row.status as S) && permission.by.includes(actor) && (permission.guard?.holds(row) ?? true)
  const ruleOf = (event: E, actor: A): Rule<S, A, Row> => {
    const rule = spec.transitions[event]
    if (!rule.by.includes(actor)) throw new Error(`${name}: ${actor} may not ${event}`)
    return rule
  }
  // drizzle's builders are typed per table; this module is the one place that writes any machine's table.
  const writeEvent = (tx: Executor, id: number, event: E, from: S | null, to: S, actor: ActorRef<A>) =>
    tx.insert(events.table).values({
      [events.subject]: id,
      event,
      fromStatus: from,
      toStatus: to,
      actor: actor.kind,
      actorId: actor.userId ?? null,
      detail: actor.detail ?? {},
    } as never)

  const observers = new Set<Observer<Row, E>>()
  const notify = async (tx: Executor, row: Row, event: E) => {
    for (const observer of observers) await observer(tx, row, event)
  }

  return {
    spec,
    observe: (listener) => void observers.add(listener),
    can: (event, row, actor) => permits(taking(spec.transitions[event]), row, actor),
    allows: (action, row, actor) => spec.actions[action].some((permission) => permits(permission, row, actor)),
    actionsFor: (row, roles) =>
      (Object.keys(spec.actions) as P[]).filter((action) =>
        roles.some((role) => spec.actions[action].some((permission) => permits(permission, row, role))),
      ),
    timed: (Object.keys(spec.transitions) as E[]).filter((event) => spec.transitions[event].timer),
    due(event, now, settings) {
      const { from, guard, timer } = spec.transitions[event]
      if (!timer) throw new Error(`${name}: ${event} has no timer`)
      if (timer.on && !timer.on(settings)) return null
      const clock = new Date(now.getTime() - (timer.after?.(settings) ?? 0))
      return and(inArray(table.status, [...from]), guard?.sql, lte(timer.at, clock))!
    },

    async create(tx, event, actor, values) {
      const rule = ruleOf(event, actor.kind)
      if (rule.from.length > 0) throw new Error(`${name}: ${event} does not create`)
      const [row] = (await tx
        .insert(table)
        .values({ ...values, status: rule.to } as never)
        .returning()) as unknown as Row[]
      await writeEvent(tx, row.id, event, null, rule.to, actor)
      await notify(tx, row, event)
      return row
    },

    async transition(tx, id, event, actor, set = {}, guard) {
      const rule = ruleOf(event, actor.kind)
      if (rule.from.length === 0) throw new Error(`${name}: ${event} only creates`)
      // The row lock orders racing changes; the conditional UPDATE is what decides.
      const [before] = (await tx
        .select({ status: table.status })
        .from(table as PgTable)
        .where(eq(table.id, id))
        .for('update')) as { status: S }[]
      if (!before || !rule.from.includes(before.status)) return null
      const [row] = (await tx
        .update(table)
        .set({ ...set, status: rule.to } as never)
        .where(and(eq(table.id, id), inArray(table.status, [...rule.from]), rule.guard?.sql, guard))
        .returning()) as unknown as Row[]
      if (!row) return null
      await writeEvent(tx, id, event, before.status, rule.to, actor)
      await notify(tx, row, event)
      return row
    },
  }
}
