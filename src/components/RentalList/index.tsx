import { useCallback, useRef } from 'react'
import { Text, View } from '@tarojs/components'
import { useDidShow } from '@tarojs/taro'
import { fetchRentals } from '@/api/rentals'
import Countdown from '@/components/Countdown'
import EmptyState, { LoadFailed } from '@/components/EmptyState'
import OrderGoods, { OrderGoodsSkeleton } from '@/components/OrderGoods'
import SettlementStrip from '@/components/SettlementStrip'
import StatusCard, { StatusCardSkeleton, type StatusTone } from '@/components/StatusCard'
import { RENTAL_PAYOUT_LABELS, RENTAL_STATUS_LABELS } from '@/contract/constants'
import { formatPrice } from '@/contract/money'
import type { Rental, RentalStatus } from '@/contract/rentals'
import { openPage } from '@/navigation'
import { formatTime } from '@/utils/time'
import { useRecord } from '@/utils/useRecord'
import './index.scss'

/** Waiting on the renter, running, being checked, in a complaint, over. */
export const RENTAL_TONES: Record<RentalStatus, StatusTone> = {
  pending_payment: 'accent',
  active: 'trust',
  returned: 'info',
  disputed: 'error',
  settled: 'hint',
  cancelled: 'hint',
}

/** The moment a rental waits for now, as its card and its page count down to it. */
export function rentalClock(rental: Rental): { label: string; at: string } | null {
  if (rental.status === 'pending_payment') return { label: '支付剩余', at: rental.closeAt }
  if (rental.status === 'active' && rental.endAt) return { label: '剩余时长', at: rental.endAt }
  if (rental.status === 'returned' && rental.checkUntil) return { label: '验号剩余', at: rental.checkUntil }
  return null
}

/**
 * A rental as a line of goods: its listing, the hours, what was paid for it — rent and deposit, the deposit named
 * so that ¥3,114 for three hours does not read as the rent.
 */
export const rentalGoods = (rental: Rental) => ({
  title: rental.title,
  coverImage: rental.coverImage,
  gameName: rental.gameName,
  regionNames: [`租 ${rental.hours} 小时`, `含押金 ${formatPrice(rental.depositAmount)}`],
  price: rental.rentAmount + rental.depositAmount,
})

/** 租号 in 我的买单 (what I rented) and 出租中 in 我的代售 (what I let): each card opens the rental. */
export default function RentalList({ role }: { role: 'renter' | 'owner' }) {
  const fetch = useCallback(() => fetchRentals(role), [role])
  const { item: rentals, failed, reload } = useRecord(fetch, '租号加载失败')
  const shown = useRef(false)
  // Back from a rental's page it may have been paid, returned or settled there.
  useDidShow(() => {
    if (shown.current) reload()
    shown.current = true
  })

  if (failed) return <LoadFailed failure={failed} onRetry={reload} />
  if (!rentals)
    return (
      <StatusCardSkeleton>
        <OrderGoodsSkeleton />
      </StatusCardSkeleton>
    )
  if (rentals.length === 0)
    return role === 'renter' ? (
      <EmptyState text="还没有租过号" action={{ label: '去租号', onClick: () => openPage('hire') }} />
    ) : (
      <EmptyState text="暂无出租记录：发布时填写出租条件即可出租" />
    )
  return (
    <View className="status-card-list">
      {rentals.map((rental) => {
        const clock = rentalClock(rental)
        return (
          <StatusCard
            key={rental.id}
            className="rental-list__card"
            time={formatTime(rental.createdAt)}
            status={RENTAL_STATUS_LABELS[rental.status]}
            tone={RENTAL_TONES[rental.status]}
            label={`租号 ${rental.title}`}
            onOpen={() => openPage('rental', { id: rental.id })}
          >
            <OrderGoods goods={rentalGoods(rental)} />
            {clock && (
              <View className="rental-list__clock">
                <Text>{clock.label} </Text>
                <Countdown to={clock.at} onEnd={reload} className="rental-list__countdown" />
              </View>
            )}
            {rental.payouts.map((payout, index) => (
              <SettlementStrip key={index} settlement={payout} name={RENTAL_PAYOUT_LABELS[payout.kind]} />
            ))}
          </StatusCard>
        )
      })}
    </View>
  )
}
