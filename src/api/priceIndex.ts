import type { ApiResult } from '@/contract/envelope'
import type { FairPrice } from '@/contract/priceIndex'
import { get } from './request'

/** goodDetail's 价格参考: where the listing's price sits against comparable deals. */
export const fetchFairPrice = (id: number) => get<ApiResult<FairPrice>>(`/web/good/${id}/fairPrice`)
