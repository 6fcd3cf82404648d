/**
 * Child-process entry of the embedded database (forked by `openDatabase` when DATABASE_URL is unset).
 * PGlite runs each query synchronously on its thread; in the server's own process it starves the
 * event loop under load, so it lives here and the server reaches it with node-postgres.
 *
 * PGlite accepts any connection without a password, so it listens on a Unix socket in a directory only
 * this process's user can enter (mode 0700, made fresh at each start, removed at stop) — never on a TCP
 * port, where any local process could connect as `postgres` and read every table.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin'
import { PGLiteSocketServer } from '@electric-sql/pglite-socket'

export type EmbeddedMessage = { type: 'ready'; socketDir: string } | { type: 'failed'; message: string }

const send = (message: EmbeddedMessage) => process.send?.(message)

async function open(dir: string) {
  // 32 MB instead of PGlite's default keeps the child near 200 MB of memory instead of 800 MB.
  // btree_gin: the goods list's game + keyword index (migration 0006).
  const db = await PGlite.create(dir, { postgresqlconf: 'shared_buffers = 32MB', extensions: { btree_gin } })
  // The server's pool holds one connection, but node-postgres drops a connection whenever a query through
  // `pool.query` fails (a unique violation, say) and opens a new one at once: with a limit of 1 the new
  // one arrives before the old is detached and is refused. PGlite still runs one query at a time.
  const server = new PGLiteSocketServer({ db, path: path.join(socketDir, '.s.PGSQL.5432'), maxConnections: 4 })
  await server.start()
  return { db, server }
}

// mkdtemp creates the directory with mode 0700.
const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'haoanxin-pg-'))

const dir = process.env.PGLITE_DIR
if (!dir || !process.send) {
  console.error('server/db/embedded.ts is started by openDatabase() through child_process.fork with PGLITE_DIR.')
  process.exit(1)
}

const opening = open(dir)
let stopping = false

// Signals may arrive while PGlite is still initialising: let it finish, then close, so the directory
// is never left half-written.
async function stop() {
  if (stopping) return
  stopping = true
  try {
    const { db, server } = await opening
    await server.stop()
    await db.close()
  } finally {
    fs.rmSync(socketDir, { recursive: true, force: true })
    process.exit(0)
  }
}

process.on('SIGTERM', stop)
process.on('SIGINT', stop)
// The server died without stopping us: close the directory cleanly instead of lingering.
process.on('disconnect', stop)

opening.then(
  () => send({ type: 'ready', socketDir }),
  (error: Error) => {
    console.error(error)
    fs.rmSync(socketDir, { recursive: true, force: true })
    send({ type: 'failed', message: error.message })
    process.exit(1)
  },
)
