import fs from 'node:fs'
import { STATE_FILE, startServer } from './server'

/** A fresh `npm start` for the suite, unless E2E_BASE_URL names a server that is already running. */
export default async function globalSetup(): Promise<void> {
  if (process.env.E2E_BASE_URL) return
  const state = await startServer()
  fs.writeFileSync(STATE_FILE, JSON.stringify(state))
}
