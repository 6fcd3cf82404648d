/**
 * Text messages with verification codes. Production sends through Aliyun (ALIYUN_SMS_*); everywhere
 * else the local sender prints the code to the log and keeps it in an outbox that `/dev/sms/outbox`
 * shows, so every flow can be finished on a laptop and in tests through the same code path.
 */
import Dysmsapi, { SendSmsRequest } from '@alicloud/dysmsapi20170525'
import { $OpenApiUtil } from '@alicloud/openapi-core'
import { maskPhone } from '../../src/contract/validation'
import type { Config } from '../config'

export type SmsScene = 'login' | 'register' | 'password'

interface Sender {
  /** Rejects when the provider refuses; the caller answers 500 and the code is not kept. */
  send(phone: string, scene: SmsScene, code: string): Promise<void>
}

export type SmsSender = LocalSmsSender | (Sender & { readonly kind: 'aliyun' })

export interface OutboxEntry {
  phone: string
  scene: SmsScene
  code: string
  sentAt: string
}

export interface LocalSmsSender extends Sender {
  readonly kind: 'local'
  /** Newest first. */
  outbox(phone?: string): OutboxEntry[]
}

const OUTBOX_SIZE = 200

export function createLocalSms(log: (line: string) => void = console.log): LocalSmsSender {
  const entries: OutboxEntry[] = []
  return {
    kind: 'local',
    async send(phone, scene, code) {
      entries.unshift({ phone, scene, code, sentAt: new Date().toISOString() })
      entries.length = Math.min(entries.length, OUTBOX_SIZE)
      // The code is the point of the local outbox; the phone is enough to tell whose it is when masked.
      log(`[sms] phone=${maskPhone(phone)} scene=${scene} code=${code}`)
    },
    outbox: (phone) => (phone ? entries.filter((entry) => entry.phone === phone) : [...entries]),
  }
}

export function createAliyunSms(options: NonNullable<Config['aliyunSms']>): SmsSender {
  const client = new Dysmsapi(
    new $OpenApiUtil.Config({
      accessKeyId: options.accessKeyId,
      accessKeySecret: options.accessKeySecret,
      endpoint: 'dysmsapi.aliyuncs.com',
    }),
  )
  return {
    kind: 'aliyun',
    async send(phone, _scene, code) {
      const response = await client.sendSms(
        new SendSmsRequest({
          phoneNumbers: phone,
          signName: options.signName,
          templateCode: options.templateCode,
          templateParam: JSON.stringify({ code }),
        }),
      )
      if (response.body?.code !== 'OK') {
        throw new Error(`aliyun sms: ${response.body?.code} ${response.body?.message}`)
      }
    },
  }
}

export function createSmsSender(config: Pick<Config, 'aliyunSms'>): SmsSender {
  return config.aliyunSms ? createAliyunSms(config.aliyunSms) : createLocalSms()
}
