/**
 * RFC 6238 time-based codes (SHA-1, six digits, 30 s steps), what every authenticator app speaks, through
 * otplib. A code is accepted one step either side of now (a phone's clock drifts); the step it matched is
 * returned so the caller can refuse a code that was already used.
 */
import { generateSecret, generateSync, generateURI, verifySync } from 'otplib'

export const TOTP_ISSUER = '号安心'
export const TOTP_STEP_MS = 30_000

export const newTotpSecret = (): string => generateSecret()

/** The `otpauth://` address an authenticator scans from a QR code. */
export const totpUrl = (secret: string, account: string): string =>
  generateURI({ issuer: TOTP_ISSUER, label: account, secret })

const epochOf = (at: number) => Math.floor(at / 1000)

/** The code an authenticator shows at `at`. */
export const totpNow = (secret: string, at = Date.now()): string => generateSync({ secret, epoch: epochOf(at) })

/** The 30 s step `code` belongs to, or null when it is not a code of this secret around `at`. */
export function totpStep(secret: string, code: string, at = Date.now()): number | null {
  const result = verifySync({ secret, token: code, epoch: epochOf(at), epochTolerance: 30 })
  return result.valid && 'timeStep' in result ? result.timeStep : null
}
