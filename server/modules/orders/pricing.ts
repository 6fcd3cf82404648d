/**
 * Every amount of an order, from the goods and the settings (DOMAIN.md "Settings"). The client shows
 * these and never sends an amount of its own.
 */
import type { GuaranteeType, PayMode, Quote } from '../../../src/contract/orders'
import type { Guarantee } from '../../../src/contract/catalogue'
import { formatPrice } from '../../../src/contract/money'
import { invalid } from '../../lib/envelope'
import { applyRate, type Settings } from '../../lib/settings'

/** What the buyer may choose, by the listing's guarantee terms: a seller may include 找回包赔, or offer none. */
export function guaranteeTypesOf(guarantee: Guarantee): GuaranteeType[] {
  if (guarantee === 'free') return ['retrieval']
  if (guarantee === 'none') return ['none']
  return ['retrieval', 'face', 'none']
}

export interface Priced extends Quote {
  /** Kept back from the seller at completion; 0 for the platform's own stock. */
  commissionAmount: number
}

export function priceOrder(
  goods: { price: number; guarantee: Guarantee; sellerId: number | null },
  choice: { guaranteeType: GuaranteeType; payMode: PayMode },
  settings: Settings,
): Priced {
  const guaranteeTypes = guaranteeTypesOf(goods.guarantee)
  if (!guaranteeTypes.includes(choice.guaranteeType)) {
    invalid('guaranteeType', '该商品不支持所选的包赔方式', '不支持')
  }
  const goodsAmount = goods.price
  const guaranteeFee = (type: GuaranteeType) =>
    goods.guarantee === 'free' || type === 'none'
      ? 0
      : applyRate(goodsAmount, type === 'face' ? settings.guaranteeFace : settings.guaranteeRetrieval)
  const guaranteeAmount = guaranteeFee(choice.guaranteeType)
  const serviceAmount = settings.serviceFee
  const totalAmount = goodsAmount + guaranteeAmount + serviceAmount
  const depositAllowed = goodsAmount >= settings.deposit.minGoodsPrice
  if (choice.payMode === 'deposit' && !depositAllowed) {
    invalid('payMode', `商品价格满 ${formatPrice(settings.deposit.minGoodsPrice)} 才可支付定金`, '不可用')
  }
  // A deposit leaves at least one fen for the balance.
  const depositAmount =
    choice.payMode === 'deposit' ? applyRate(totalAmount, settings.deposit, totalAmount - 1) : undefined
  return {
    goodsAmount,
    guaranteeAmount,
    serviceAmount,
    totalAmount,
    ...(depositAmount === undefined ? {} : { depositAmount }),
    payNow: depositAmount ?? totalAmount,
    guaranteeOptions: guaranteeTypes.map((type) => ({ type, amount: guaranteeFee(type) })),
    depositAllowed,
    terms: {
      guaranteeRetrieval: settings.guaranteeRetrieval,
      guaranteeFace: settings.guaranteeFace,
      deposit: { rateBps: settings.deposit.rateBps, min: settings.deposit.min },
      unpaidOrderTimeoutMinutes: settings.unpaidOrderTimeoutMinutes,
    },
    commissionAmount: goods.sellerId === null ? 0 : applyRate(goodsAmount, settings.sellerCommission, goodsAmount),
  }
}
