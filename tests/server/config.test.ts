import { generateKeyPairSync } from 'node:crypto'
import path from 'node:path'
import { ADMIN_DIR, ConfigError, H5_DIR, loadConfig } from '../../server/config'
import { productionEnv } from './helpers/production'

const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 })
const platform = generateKeyPairSync('rsa', { modulusLength: 2048 })
const merchantPem = merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
const platformPem = platform.publicKey.export({ type: 'spki', format: 'pem' }).toString()
const LOOKUP_KEY = Buffer.alloc(32, 7).toString('base64')
const WECHAT_PAY = {
  WECHAT_PAY_MCH_ID: '1900000001',
  WECHAT_PAY_APP_ID: 'wx8888888888888888',
  WECHAT_PAY_SERIAL_NO: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
  // One line with \n escapes, as a .env file holds it.
  WECHAT_PAY_PRIVATE_KEY: merchantPem.replaceAll('\n', '\\n'),
  WECHAT_PAY_API_V3_KEY: 'a'.repeat(32),
  WECHAT_PAY_PLATFORM_PUBLIC_KEY: platformPem,
  WECHAT_PAY_PLATFORM_SERIAL: 'PUB_KEY_ID_0114232134912410000000000000000000',
}

describe('loadConfig', () => {
  test('defaults: port 3000 on loopback, ./data, embedded database, memory KV, dev tools on', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '127.0.0.1',
      localModeOnNetwork: false,
      dataDir: path.resolve('data'),
      databaseUrl: undefined,
      redisUrl: undefined,
      devTools: true,
      h5Dir: H5_DIR,
      adminDir: ADMIN_DIR,
      sessionTtlDays: 7,
      sessionMaxDays: 30,
      trustProxy: false,
      vaultKeys: undefined,
      lookupHashKey: undefined,
      aliyunSms: undefined,
      idVerify: undefined,
      alipay: undefined,
      wechatPay: undefined,
      publicUrl: undefined,
      logLevel: 'warn',
    })
    expect(H5_DIR).toBe(path.resolve(__dirname, '../../dist/h5'))
  })

  test('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/haoanxin',
      DATABASE_URL: 'postgres://app@db:5432/haoanxin',
      REDIS_URL: 'redis://cache:6379',
      NODE_ENV: 'production',
      SESSION_TTL_DAYS: '30',
      SESSION_MAX_DAYS: '60',
      TRUST_PROXY: '10.0.0.1, 10.1.0.0/16',
      LOG_LEVEL: 'debug',
      VAULT_KEYS: 'k1:AAAA',
      LOOKUP_HASH_KEY: LOOKUP_KEY,
      ALIYUN_SMS_ACCESS_KEY_ID: 'id',
      ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
      ALIYUN_SMS_SIGN_NAME: '号安心',
      ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
      ID_VERIFY_URL: 'https://id.example.com/verify',
      ID_VERIFY_APPCODE: 'code',
      ALIPAY_APP_ID: '2021000000000001',
      ALIPAY_PRIVATE_KEY: 'app-key-pem',
      ALIPAY_PUBLIC_KEY: 'alipay-key-pem',
      ALIPAY_GATEWAY: 'https://openapi-sandbox.dl.alipaydev.com/gateway.do',
      PUBLIC_URL: 'https://www.haoanxin.example/',
      ...WECHAT_PAY,
    })
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/tmp/haoanxin',
      databaseUrl: 'postgres://app@db:5432/haoanxin',
      redisUrl: 'redis://cache:6379',
      devTools: false,
      sessionTtlDays: 30,
      sessionMaxDays: 60,
      trustProxy: '10.0.0.1,10.1.0.0/16',
      vaultKeys: 'k1:AAAA',
      lookupHashKey: LOOKUP_KEY,
      aliyunSms: { accessKeyId: 'id', accessKeySecret: 'secret', signName: '号安心', templateCode: 'SMS_1' },
      idVerify: { url: 'https://id.example.com/verify', appCode: 'code' },
      alipay: {
        appId: '2021000000000001',
        privateKey: 'app-key-pem',
        alipayPublicKey: 'alipay-key-pem',
        gateway: 'https://openapi-sandbox.dl.alipaydev.com/gateway.do',
      },
      wechatPay: {
        mchId: '1900000001',
        appId: 'wx8888888888888888',
        serialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
        privateKey: merchantPem,
        apiV3Key: 'a'.repeat(32),
        platformPublicKey: platformPem,
        platformSerial: 'PUB_KEY_ID_0114232134912410000000000000000000',
      },
      publicUrl: 'https://www.haoanxin.example',
      logLevel: 'debug',
    })
  })

  test('production listens on every interface by default', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError)
    const { host } = loadConfig({ ...productionEnv(), HOST: '' })
    expect(host).toBe('0.0.0.0')
  })

  test('local mode refuses another address unless LOCAL_MODE_ON_NETWORK=true says so', () => {
    expect(() => loadConfig({ HOST: '0.0.0.0' })).toThrow('本地模式（演示支付、短信发件箱）只监听本机')
    expect(() => loadConfig({ HOST: '192.168.1.5' })).toThrow('LOCAL_MODE_ON_NETWORK=true')
    expect(loadConfig({ HOST: '::1' }).host).toBe('::1')
    expect(loadConfig({ HOST: '0.0.0.0', LOCAL_MODE_ON_NETWORK: 'true' })).toMatchObject({
      host: '0.0.0.0',
      localModeOnNetwork: true,
    })
    // The switch means nothing in production, which has no stand-ins to expose.
    expect(loadConfig({ ...productionEnv(), LOCAL_MODE_ON_NETWORK: 'true' }).localModeOnNetwork).toBe(false)
  })

  test('LOG_LEVEL: info in production unless set; a level the logger does not know is refused', () => {
    expect(loadConfig(productionEnv()).logLevel).toBe('info')
    expect(loadConfig({ ...productionEnv(), LOG_LEVEL: 'warn' }).logLevel).toBe('warn')
    expect(() => loadConfig({ LOG_LEVEL: 'verbose' })).toThrow(
      'LOG_LEVEL 必须是 fatal、error、warn、info、debug、trace 之一',
    )
  })

  test('TRUST_PROXY must name the proxies: `true` (anyone) is refused', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow('TRUST_PROXY 必须列出反向代理的地址或网段')
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow('TRUST_PROXY')
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow('TRUST_PROXY')
    expect(loadConfig({ TRUST_PROXY: 'loopback,::1,fd00::/8' }).trustProxy).toBe('loopback,::1,fd00::/8')
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false)
  })

  test('production refuses to start without its secrets and providers', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /VAULT_KEYS[\s\S]*LOOKUP_HASH_KEY[\s\S]*ALIYUN_SMS_[\s\S]*ID_VERIFY_URL[\s\S]*ALIPAY_APP_ID[\s\S]*WECHAT_PAY_[\s\S]*PUBLIC_URL/,
    )
  })

  test('a lookup key that is not 32 bytes of base64 is refused', () => {
    expect(() => loadConfig({ LOOKUP_HASH_KEY: 'AAAA' })).toThrow('LOOKUP_HASH_KEY 必须是 32 字节的 base64')
    expect(loadConfig({ LOOKUP_HASH_KEY: ` ${LOOKUP_KEY} ` }).lookupHashKey).toBe(LOOKUP_KEY)
  })

  test('a provider configured by halves is refused', () => {
    expect(() => loadConfig({ ALIYUN_SMS_ACCESS_KEY_ID: 'id' })).toThrow('ALIYUN_SMS_* 需要一起设置')
    expect(() => loadConfig({ ALIPAY_APP_ID: '2021000000000001' })).toThrow(
      'ALIPAY_* 需要一起设置，缺少 privateKey、alipayPublicKey',
    )
    expect(() => loadConfig({ ...WECHAT_PAY, WECHAT_PAY_API_V3_KEY: '' })).toThrow('WECHAT_PAY_* 需要一起设置')
  })

  test('WeChat Pay keys are checked: a 32-byte APIv3 key and PEM keys that parse', () => {
    expect(() =>
      loadConfig({ ...WECHAT_PAY, WECHAT_PAY_API_V3_KEY: 'short', WECHAT_PAY_PLATFORM_PUBLIC_KEY: 'not a key' }),
    ).toThrow(/WECHAT_PAY_API_V3_KEY 必须是 32 个字符[\s\S]*WECHAT_PAY_PLATFORM_PUBLIC_KEY 不是有效的 PEM 密钥/)
  })

  test('empty variables count as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '', REDIS_URL: '' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      redisUrl: undefined,
    })
  })

  test('invalid values are all reported at once, in Chinese and English', () => {
    let error: unknown
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://db/app', REDIS_URL: 'localhost:6379' })
    } catch (thrown) {
      error = thrown
    }
    expect(error).toBeInstanceOf(ConfigError)
    const { problems, message } = error as ConfigError
    expect(problems).toHaveLength(3)
    expect(message).toContain('PORT 必须是 0–65535 之间的整数，当前为 "eighty"')
    expect(message).toContain('DATABASE_URL 必须是 postgres://… 或 postgresql://… 形式的地址')
    expect(message).toContain('REDIS_URL must be a redis: or rediss: URL')
    expect(() => loadConfig({ PORT: '70000' })).toThrow(ConfigError)
  })
})
