/**
 * Real-name verification (二要素: name + ID number). The production adapter asks a verification
 * service (Aliyun Market style: `ID_VERIFY_URL`, `Authorization: APPCODE …`); the local verifier only
 * checks the GB 11643 checksum, which the route has already done, so every well-formed pair passes.
 */
import { isValidIdNumber } from '../../src/contract/validation'
import type { Config } from '../config'

export interface IdVerifier {
  readonly kind: 'service' | 'local'
  /** `false` when the name does not belong to the ID number; rejects when the service cannot answer. */
  verify(realName: string, idNumber: string): Promise<boolean>
}

export function createLocalIdVerifier(): IdVerifier {
  return { kind: 'local', verify: async (_name, idNumber) => isValidIdNumber(idNumber) }
}

export function createServiceIdVerifier({ url, appCode }: NonNullable<Config['idVerify']>): IdVerifier {
  return {
    kind: 'service',
    async verify(realName, idNumber) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { Authorization: `APPCODE ${appCode}`, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ name: realName, idcard: idNumber }),
        signal: AbortSignal.timeout(10_000),
      })
      if (!response.ok) throw new Error(`id verify: HTTP ${response.status}`)
      // The common response of these services: `{ result: { res: '1' } }` for a match.
      const body = (await response.json()) as { result?: { res?: string | number } }
      return String(body.result?.res) === '1'
    },
  }
}

export function createIdVerifier(config: Pick<Config, 'idVerify'>): IdVerifier {
  return config.idVerify ? createServiceIdVerifier(config.idVerify) : createLocalIdVerifier()
}
