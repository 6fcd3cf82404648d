import path from 'node:path'
import { ConfigError, H5_DIR, loadConfig } from '../../server/config'

describe('loadConfig', () => {
  test('defaults: port 3000 on every interface, ./data, embedded database, memory KV, dev tools on', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('data'),
      databaseUrl: undefined,
      redisUrl: undefined,
      devTools: true,
      h5Dir: H5_DIR,
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
    })
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/tmp/haoanxin',
      databaseUrl: 'postgres://app@db:5432/haoanxin',
      redisUrl: 'redis://cache:6379',
      devTools: false,
    })
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
