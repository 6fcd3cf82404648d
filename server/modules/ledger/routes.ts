import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { LedgerReport } from '../../../src/contract/ledger'
import type { AppDeps } from '../../deps'
import { Ajax, ok } from '../../lib/envelope'
import { verifyLedger } from './verify'
import { staffOnly } from '../../lib/staff'

/** The check of `npm run ledger:verify` on a running server: an operator need not stop it to prove the journal. */
export const adminLedgerRoutes: FastifyPluginAsyncTypebox<Pick<AppDeps, 'database'>> = async (app, deps) => {
  app.get(
    '/admin/ledger/verify',
    {
      config: staffOnly('finance'),
      schema: {
        summary: '校验托管账本：哈希链、各账户余额、托管余额等于未完结订单已付金额',
        tags: ['admin'],
        response: { 200: Ajax(LedgerReport) },
      },
    },
    async () => ok(await verifyLedger(deps.database.db)),
  )
}
