/**
 * The console's 工作台: counts of what waits for a person (each a count over an indexed status) and
 * 30 China days of orders, GMV and new listings, each day from one grouped scan of its table's window.
 */
import { sql } from 'drizzle-orm'
import { DASHBOARD_DAYS, type Dashboard } from '../../../src/contract/dashboard'
import type { Executor } from '../../db'

const int = (value: unknown) => Number(value ?? 0)

export async function dashboard(db: Executor): Promise<Dashboard> {
  const [counts] = (
    await db.execute(sql`select
      (select count(*) from goods where status = 'pending_review') as pending_review,
      (select count(*) from orders where status = 'paid' and kind = 'sale' and paid_amount >= total_amount) as to_hand_over,
      (select count(*) from payouts where status = 'failed') as failed_payouts,
      (select count(*) from problems where status = 'open') as unanswered_feedback,
      (select count(*) from merchant_applications where status = 'pending') as pending_merchants,
      (select count(*) from appraisals where status = 'pending') as pending_appraisals,
      (select count(*) from aftersale_cases where status <> 'decided') as open_aftersale,
      (select count(*) from rentals where status = 'disputed') as rental_complaints`)
  ).rows
  // Days are China calendar days; the window starts at midnight 29 days before today.
  const { rows } = await db.execute(sql`
    with days as (
      select generate_series(
        (now() at time zone 'Asia/Shanghai')::date - ${DASHBOARD_DAYS - 1}::int,
        (now() at time zone 'Asia/Shanghai')::date,
        interval '1 day'
      )::date as day
    ),
    since as (select (min(day)::timestamp at time zone 'Asia/Shanghai') as at from days),
    placed as (
      select (created_at at time zone 'Asia/Shanghai')::date as day, count(*) as n
      from orders where created_at >= (select at from since) group by 1
    ),
    paid as (
      select (paid_at at time zone 'Asia/Shanghai')::date as day, sum(amount) as total
      from payments where status in ('paid', 'refunded') and paid_at >= (select at from since) group by 1
    ),
    listed as (
      select (created_at at time zone 'Asia/Shanghai')::date as day, count(*) as n
      from goods where created_at >= (select at from since) group by 1
    )
    select to_char(days.day, 'YYYY-MM-DD') as day, placed.n as orders, paid.total as gmv, listed.n as listings
    from days
    left join placed using (day)
    left join paid using (day)
    left join listed using (day)
    order by days.day`)
  return {
    counts: {
      pendingReview: int(counts.pending_review),
      toHandOver: int(counts.to_hand_over),
      failedPayouts: int(counts.failed_payouts),
      unansweredFeedback: int(counts.unanswered_feedback),
      pendingMerchants: int(counts.pending_merchants),
      pendingAppraisals: int(counts.pending_appraisals),
      openAftersale: int(counts.open_aftersale),
      rentalComplaints: int(counts.rental_complaints),
    },
    days: rows.map((r) => ({ day: String(r.day), orders: int(r.orders), gmv: int(r.gmv), listings: int(r.listings) })),
  }
}
