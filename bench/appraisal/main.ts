/**
 * bench/appraisal: how well the sold-price index prices deals it has not seen. Seeds the demo catalogue
 * (2,100 sales over 180 days) into a fresh embedded database, holds out every fifth sale of each game, prices
 * it from the sales before it, and prints per game how often the true price falls inside the estimate's
 * quartile range (the target: about half) and the median absolute percentage error of the point, beside
 * the floor — the game's median price, attributes ignored.
 *
 *   npm --prefix bench run appraisal              # ≈ 30 s
 *   npm --prefix bench run appraisal -- --every 3 --no-write
 */
import { randomBytes } from 'node:crypto'
import { parseArgs } from 'node:util'
import { connectDatabase, startEmbedded } from '../../server/db'
import { games } from '../../server/db/schema'
import { createVault } from '../../server/lib/vault'
import { latestTemplate } from '../../server/modules/catalogue/service'
import { heldOut } from '../../server/modules/priceIndex/heldOut'
import { salesOf } from '../../server/modules/priceIndex/service'
import { seedCatalogue } from '../../server/seed/catalogue'
import { onCleanup, runMain, tempDir } from '../lib/proc'
import { markdownTable, runInfo, writeSection } from '../lib/results'

const { values: args } = parseArgs({
  options: {
    every: { type: 'string', default: '5' },
    'no-write': { type: 'boolean', default: false },
  },
})

/** A quartile range holds the truth half the time; this far either side still reads as "about half". */
const COVERAGE_TARGET = [0.4, 0.6] as const

const percent = (value: number) => (Number.isNaN(value) ? '–' : `${(value * 100).toFixed(1)} %`)

runMain(async () => {
  const every = Number(args.every)
  const { dir, remove } = tempDir('haoanxin-appraisal-')
  onCleanup(remove)
  const embedded = await startEmbedded('memory://')
  const database = await connectDatabase({
    kind: 'embedded',
    url: embedded.url,
    maxConnections: 1,
    stop: embedded.stop,
  })
  onCleanup(() => database.close())
  const vault = createVault({ keys: { bench: randomBytes(32) }, activeKid: 'bench' })
  const now = new Date()
  await seedCatalogue(database.db, { dataDir: dir, vault, now })

  const rows: (string | number)[][] = []
  const all: Parameters<typeof heldOut>[0] = []
  for (const game of await database.db.select().from(games).orderBy(games.sort)) {
    const sample = {
      fields: (await latestTemplate(database.db, game.id)).fields,
      sales: await salesOf(database.db, game.id, now),
    }
    all.push(sample)
    const result = heldOut([sample], every)
    rows.push([
      game.name,
      sample.sales.length,
      result.tested,
      result.estimated,
      percent(result.coverage),
      percent(result.mdape),
      percent(result.floorMdape),
    ])
  }
  await database.close()
  const total = heldOut(all, every)
  const ratio = total.mdape / total.floorMdape
  rows.push([
    '**all**',
    all.reduce((n, g) => n + g.sales.length, 0),
    total.tested,
    total.estimated,
    percent(total.coverage),
    percent(total.mdape),
    percent(total.floorMdape),
  ])
  const table = markdownTable(
    ['game', 'sales', 'held out', 'estimated', 'inside range', 'MdAPE (point)', 'MdAPE (floor)'],
    rows,
  )
  const coverageMet = total.coverage >= COVERAGE_TARGET[0] && total.coverage <= COVERAGE_TARGET[1]
  const summary = [
    `- coverage of the quartile range: ${percent(total.coverage)} (target about half: ${percent(COVERAGE_TARGET[0])} – ${percent(COVERAGE_TARGET[1])}) — ${coverageMet ? 'met' : 'NOT met'}`,
    `- point estimate MdAPE ${percent(total.mdape)} against the floor's ${percent(total.floorMdape)}: ratio to floor ${ratio.toFixed(2)} (lower is better)`,
    `- ${total.estimated} of ${total.tested} held-out sales had ≥ 5 comparables before they sold`,
  ].join('\n')
  console.log(`\n${table}\n\n${summary}\n`)
  if (!args['no-write'])
    writeSection(
      'appraisal',
      `## bench/appraisal — the sold-price index, held out\n\n${runInfo()}\n- every ${every}th sale of each game held out and priced from the sales before it\n\n${table}\n\n${summary}`,
    )
})
