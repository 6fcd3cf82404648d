/** How a payment in an app's own cashier ended, as far as the page can tell. */
export type InAppResult = 'ok' | 'cancel' | 'fail'

/**
 * Alipay's tradePay answer (its browser's bridge and its mini-program alike): 9000 paid, 6001 cancelled;
 * 8000 and 6004 mean "not known yet", which the order page waits out.
 */
export const tradePayResult = (resultCode: string): InAppResult =>
  ['9000', '8000', '6004'].includes(resultCode) ? 'ok' : resultCode === '6001' ? 'cancel' : 'fail'
