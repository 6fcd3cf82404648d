import fs from 'node:fs'
import { STATE_FILE, startServer } from './server'

export default async function globalSetup(): Promise<void> {
  const state = await startServer()
  fs.writeFileSync(STATE_FILE, JSON.stringify(state))
}
