/** The sold-price index in public: goodDetail's fair-price band. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { FairPrice, FairPriceParams } from '../../../src/contract/priceIndex'
import type { AppDeps } from '../../deps'
import { PUBLIC } from '../../lib/access'
import { Ajax, ok } from '../../lib/envelope'
import { FairPrices } from './service'

export const priceIndexRoutes: FastifyPluginAsyncTypebox<Pick<AppDeps, 'database'>> = async (app, { database }) => {
  const fairPrices = new FairPrices(database.db)

  app.get(
    '/web/good/:id/fairPrice',
    {
      config: PUBLIC,
      schema: {
        summary: '价格参考：近 180 天同类成交的价格区间（加权 25%–75% 分位），本商品价格偏低、合理或偏高',
        tags: ['catalogue'],
        params: FairPriceParams,
        response: { 200: Ajax(FairPrice) },
      },
    },
    async (request) => ok(await fairPrices.of(request.params.id)),
  )
}
