/**
 * 注销账号's life cycle (DOMAIN.md "Life cycles"): asked for by the user, it waits out the cooling-off period;
 * the user may cancel it until then (signing in asks), and the sweeper erases the account when it falls due —
 * or cancels it, should something have been opened meanwhile.
 */
import { ACCOUNT_DELETION_STATUSES } from '../../../src/contract/account'
import { accountDeletionEvents, accountDeletions } from '../../db/schema'
import { defineMachine, taking } from '../../lib/machine'

export type AccountDeletionRow = typeof accountDeletions.$inferSelect

const transitions = {
  request: { from: [], to: 'cooling_off', by: ['user'] },
  /** The user changed their mind; the system, when the account was in use again by the time it fell due. */
  cancel: { from: ['cooling_off'], to: 'cancelled', by: ['user', 'system'] },
  erase: { from: ['cooling_off'], to: 'erased', by: ['system'], timer: { at: accountDeletions.eraseAt } },
} as const

export const accountDeletionMachine = defineMachine({
  name: 'account deletion',
  table: accountDeletions,
  events: { table: accountDeletionEvents, subject: 'deletionId' },
  statuses: ACCOUNT_DELETION_STATUSES,
  actors: ['user', 'system'],
  transitions,
  actions: { cancel: [taking(transitions.cancel, ['user'])] },
})
