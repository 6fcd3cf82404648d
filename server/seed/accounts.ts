/**
 * Fresh accounts of the demo games for the selling forms' own calls (竞价回收, 中介担保), drawn as the catalogue
 * draws its listings: a region path, attributes of the quality asked, their title and description, the game's own
 * pictures, the demo seller's contact and payout account, and demo credentials.
 */
import { eq } from 'drizzle-orm'
import type { AccountCredentials, ConsignmentRequest } from '../../src/contract/consignment'
import type { Executor } from '../db'
import { games, goods, regionNodes } from '../db/schema'
import { credentialsFor, drawAccount, type Random } from './catalogue'
import { GAMES } from './catalogueData'
import { DEMO_SELLER_PAYOUT, demoPhone } from './users'

type DemoAccountFields = Omit<ConsignmentRequest, 'price' | 'rent' | 'credentials'> & {
  credentials: AccountCredentials
}

/** A share of an amount, rounded to the yuan. */
export const yuanShare = (fen: number, share: number) => Math.round((fen * share) / 100) * 100

/** The account's fields (what the form sends but the price) and its fair price; `use` names it in its notes. */
export async function demoAccount(
  db: Executor,
  random: Random,
  game: string,
  quality: number,
  use: string,
): Promise<{ fields: DemoAccountFields; fairPrice: number }> {
  const spec = GAMES.find((g) => g.name === game)!
  const [{ gameId }] = await db.select({ gameId: games.id }).from(games).where(eq(games.name, game))
  const nodes = await db.select().from(regionNodes).where(eq(regionNodes.gameId, gameId))
  const leaf = random.pick(nodes.filter((node) => node.parentId !== null))
  const path = [nodes.find((node) => node.id === leaf.parentId)!, leaf]
  const [art] = await db
    .select({ coverImage: goods.coverImage, images: goods.images })
    .from(goods)
    .where(eq(goods.gameId, gameId))
    .limit(1)
  const account = drawAccount(
    spec,
    random,
    quality,
    path.map((node) => node.name),
  )
  return {
    fields: {
      gameId,
      regionIds: path.map((node) => node.id),
      title: account.title,
      description: account.description,
      coverImage: art.coverImage,
      images: art.images,
      attributes: account.attributes,
      accountSource: 'self_registered',
      guaranteeMaterials: true,
      contact: { phone: demoPhone('seller') },
      credentials: credentialsFor(random, spec, leaf.name, `演示数据（${use}），不是真实账号。`),
      payout: DEMO_SELLER_PAYOUT,
    },
    fairPrice: account.price,
  }
}
