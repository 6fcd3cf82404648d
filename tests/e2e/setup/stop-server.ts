import fs from 'node:fs'
import { STATE_FILE, readServerState, stopServer } from './server'

export default async function globalTeardown(): Promise<void> {
  if (!fs.existsSync(STATE_FILE)) return
  await stopServer(readServerState())
  fs.rmSync(STATE_FILE)
}
