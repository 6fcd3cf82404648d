/**
 * What a buyer asked to hear about a listing: 降价提醒 — everyone who keeps a listing (我的收藏) is told when
 * its price goes down, at most once a day per listing, never its seller. Written in the transaction of the
 * price change, so a message is neither lost nor sent for a change that did not happen.
 */
import { sql } from 'drizzle-orm'
import { formatPrice } from '../../../src/contract/money'
import type { Executor } from '../../db'

/** How long after one price-drop message a keeper waits before the next one about the same listing. */
const ALERT_EVERY = '1 day'

/** Tells the listing's keepers that it went from `from` to `to` (a drop); returns how many were told. */
export async function alertPriceDrop(
  tx: Executor,
  item: { id: number; title: string; sellerId: number | null },
  from: number,
  to: number,
): Promise<number> {
  if (to >= from) return 0
  const content = `你收藏的「${item.title}」降价了：${formatPrice(from)} → ${formatPrice(to)}，便宜了 ${formatPrice(from - to)}。`
  const told = await tx.execute(
    sql`with due as (
          update favourites set alerted_at = now()
          where goods_id = ${item.id} and user_id is distinct from ${item.sellerId}
            and (alerted_at is null or alerted_at <= now() - ${ALERT_EVERY}::interval)
          returning user_id
        )
        insert into messages (user_id, type, title, content, related_type, related_id)
        select user_id, 'price_drop', '收藏的商品降价了', ${content}, 'goods', ${item.id} from due
        returning user_id`,
  )
  return told.rows.length
}
