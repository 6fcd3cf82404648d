/**
 * The payment channels of this process: each channel's production adapter when its merchant keys are
 * configured, else (only with `devTools`, never in production) its local gateway. loadConfig already
 * refuses production without keys; the check here keeps the stand-ins out whatever the caller passes.
 */
import { ConfigError, type Config } from '../../config'
import { createAlipayGateway } from './alipay'
import type { PaymentGateways } from './gateway'
import { createLocalAlipay } from './local/alipay'
import { isLocalGateway, type LocalGateway } from './local/support'
import { createLocalWechat } from './local/wechat'
import { createWechatGateway } from './wechat'

export { paymentDevRoutes } from './local/devRoutes'
export { isLocalGateway, type LocalGateway } from './local/support'

export type PaymentChannels = PaymentGateways & {
  /** Stops the local gateways' servers and notice retries; nothing to do for production adapters. */
  close(): Promise<void>
}

export interface PaymentOptions {
  /** Where a local gateway reports a notice our server never accepted (default: nowhere). */
  log?: (message: string) => void
}

export function createPaymentGateways(
  config: Pick<Config, 'alipay' | 'wechatPay' | 'devTools' | 'dataDir'>,
  options: PaymentOptions = {},
): PaymentChannels {
  const missing = [!config.alipay && 'ALIPAY_*', !config.wechatPay && 'WECHAT_PAY_*'].filter(Boolean)
  if (!config.devTools && missing.length > 0) {
    throw new ConfigError([`生产环境必须设置 ${missing.join('、')} (payment merchant keys are required in production)`])
  }
  const alipay = config.alipay
    ? createAlipayGateway(config.alipay, 'production')
    : createLocalAlipay(config.dataDir, options.log)
  const wechat = config.wechatPay
    ? createWechatGateway(config.wechatPay, 'production')
    : createLocalWechat(config.dataDir, options.log)
  return {
    alipay,
    wechat,
    async close() {
      for (const gateway of [alipay, wechat]) if (isLocalGateway(gateway)) await gateway.close()
    },
  }
}

/** The local gateway of `channel`, for tests that need a notice signed as the gateway would. */
export function localGateway(payments: PaymentGateways, channel: 'alipay' | 'wechat'): LocalGateway {
  const gateway = payments[channel]
  if (!gateway || !isLocalGateway(gateway)) throw new Error(`${channel}: not the local gateway`)
  return gateway
}
