import { hash, verify, type Algorithm } from '@node-rs/argon2'

/**
 * ASVS 5.0 Appendix C minimum for argon2id with two passes. The async functions run on libuv's thread
 * pool, so a burst of logins does not stall the event loop (bcryptjs blocked it for over a second).
 */
// The package declares `Algorithm` as an ambient const enum, which isolatedModules cannot read as a value.
const ARGON2ID_ALGORITHM: Algorithm.Argon2id = 2
const ARGON2ID = { algorithm: ARGON2ID_ALGORITHM, memoryCost: 19456, timeCost: 2, parallelism: 1 }

/** Returns a PHC string (`$argon2id$v=19$m=19456,t=2,p=1$…`); salt and parameters travel inside it. */
export function hashPassword(plain: string): Promise<string> {
  return hash(plain, ARGON2ID)
}

/** The parameters are read from the stored hash, so hashes made with older settings still verify. */
export function verifyPassword(passwordHash: string, plain: string): Promise<boolean> {
  return verify(passwordHash, plain)
}
