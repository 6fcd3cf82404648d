import { rsaKeyPair } from '../../../server/modules/payments/formats'

/**
 * Every variable production requires (loadConfig refuses to start without them), with throw-away keys:
 * for tests that build the app as production would run it.
 */
export function productionEnv(): NodeJS.ProcessEnv {
  const merchant = rsaKeyPair()
  const gateway = rsaKeyPair()
  return {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://www.haoanxin.example',
    VAULT_KEYS: `k:${Buffer.alloc(32).toString('base64')}`,
    LOOKUP_HASH_KEY: Buffer.alloc(32, 1).toString('base64'),
    ALIYUN_SMS_ACCESS_KEY_ID: 'i',
    ALIYUN_SMS_ACCESS_KEY_SECRET: 's',
    ALIYUN_SMS_SIGN_NAME: 'n',
    ALIYUN_SMS_TEMPLATE_CODE: 't',
    ID_VERIFY_URL: 'https://id.example.com',
    ID_VERIFY_APPCODE: 'c',
    ALIPAY_APP_ID: '2021000000000001',
    ALIPAY_PRIVATE_KEY: merchant.privateKey,
    ALIPAY_PUBLIC_KEY: gateway.publicKey,
    WECHAT_PAY_MCH_ID: '1900000001',
    WECHAT_PAY_APP_ID: 'wx8888888888888888',
    WECHAT_PAY_SERIAL_NO: 'ABC',
    WECHAT_PAY_PRIVATE_KEY: merchant.privateKey,
    WECHAT_PAY_API_V3_KEY: 'a'.repeat(32),
    WECHAT_PAY_PLATFORM_PUBLIC_KEY: gateway.publicKey,
    WECHAT_PAY_PLATFORM_SERIAL: 'PUB_KEY_ID_1',
  }
}
