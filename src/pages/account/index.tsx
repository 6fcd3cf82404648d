import { useEffect, useState } from 'react'
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { cancelDeletion, fetchDeletion, fetchMyData, requestDeletion } from '@/api/account'
import { loadProfile } from '@/api/user'
import ActionsBar from '@/components/ActionsBar'
import Hint from '@/components/Hint'
import InfoRows from '@/components/InfoRows'
import Panel from '@/components/Panel'
import type { AccountDeletionState, DeletionBlocker } from '@/contract/account'
import { COOLING_OFF_DAYS, DAY_MS } from '@/contract/constants'
import OtherShell from '@/layouts/OtherShell'
import { openPage, replacePage } from '@/navigation'
import { useRequireLogin } from '@/session'
import { clearSession } from '@/store'
import { showDialog } from '@/utils/dialog'
import { saveJson } from '@/utils/saveJson'
import { formatTime, serverNow } from '@/utils/time'
import { useBusy } from '@/utils/useBusy'
import './index.scss'

/** What erasure does and keeps, said before the user asks. */
const ERASED =
  '昵称、头像、手机号、实名信息、联系方式、收藏、浏览记录、搜索订阅、站内消息、反馈、估价申请，以及未售出账号的登录信息'
const KEPT = '订单、支付与账本、交易群记录和评价按《电子商务法》保存不少于三年，只以匿名编号关联，不再能识别到你'

/**
 * Where each thing standing in a deletion's way is dealt with: the page, and the tab it opens on or the part it
 * scrolls to.
 */
const BLOCKER_PAGES: Record<DeletionBlocker['kind'], [page: string, params?: Record<string, string>]> = {
  purchase: ['MyProducts'],
  sale: ['Mybrowsing', { tab: 'in_trade' }],
  payout: ['Mybrowsing', { tab: 'sold' }],
  listing: ['Mybrowsing'],
  rental: ['MyProducts', { tab: 'rentals' }],
  lease: ['Mybrowsing', { tab: 'rentals' }],
  claim: ['claim'],
  aftersale: ['MyProducts', { tab: 'trading' }],
  complaint: ['Mybrowsing', { tab: 'in_trade' }],
  escrow: ['security', { at: 'tickets' }],
  recycling: ['myJingjiahuishou'],
  quote: ['myQuotes'],
  merchant: ['shanghu'],
}

/**
 * 注销账号 and 下载我的数据 (个人中心 → 注销账号): what erasure removes and keeps, what still stands in its way, the
 * cooling-off period with its date and 撤销注销, and the download of everything kept about the user.
 */
export default function AccountPage() {
  const signedIn = useRequireLogin()
  const [state, setState] = useState<AccountDeletionState | null>(null)
  const [daysLeft, setDaysLeft] = useState(0)
  const { busy, run } = useBusy()

  const load = () =>
    fetchDeletion().then(({ data }) => {
      setState(data)
      if (data.deletion) setDaysLeft(Math.max(0, Math.ceil((Date.parse(data.deletion.eraseAt) - serverNow()) / DAY_MS)))
    })
  useEffect(() => {
    if (signedIn) void load().catch(() => undefined)
  }, [signedIn])

  const ask = () =>
    run(async () => {
      const { confirm } = await showDialog({
        title: '确认注销账号',
        content: `提交后将退出所有设备的登录。${COOLING_OFF_DAYS} 天冷静期内登录可撤销；期满后账号无法恢复。`,
        confirmText: '确认注销',
      })
      if (!confirm) return
      const result = await requestDeletion()
      clearSession()
      await showDialog({
        title: '已申请注销',
        content: `账号将于 ${formatTime(result.data.eraseAt)} 注销。在此之前登录可撤销。`,
        showCancel: false,
        confirmText: '知道了',
      })
      await replacePage('login')
    })

  const cancel = () =>
    run(async () => {
      await cancelDeletion()
      await Promise.all([load(), loadProfile()])
      void Taro.showToast({ title: '已撤销注销', icon: 'none' })
    })

  const download = () =>
    run(async () => {
      const { data } = await fetchMyData()
      await saveJson(`haoanxin-my-data-${String(data.profile.userId)}.json`, JSON.stringify(data, null, 2))
    })

  if (!signedIn) return <OtherShell />
  const deletion = state?.deletion
  return (
    <OtherShell>
      <View className="account">
        {deletion ? (
          <Panel title="注销冷静期中" className="account__cooling">
            <Text className="account__days" aria-label="剩余天数">
              还剩 {daysLeft} 天
            </Text>
            <InfoRows
              rows={[
                ['申请时间', formatTime(deletion.requestedAt)],
                ['注销时间', formatTime(deletion.eraseAt)],
              ]}
            />
            <Text className="account__note">到期前撤销，账号与数据保持原样；到期后个人信息将被删除，无法恢复。</Text>
          </Panel>
        ) : (
          <Hint>申请后有 {COOLING_OFF_DAYS} 天冷静期，期间登录可撤销；期满后账号注销，手机号可重新注册为新账号。</Hint>
        )}
        <Panel title="注销后删除">
          <Text className="account__note">{ERASED}。</Text>
        </Panel>
        <Panel title="注销后保留">
          <Text className="account__note">{KEPT}。</Text>
        </Panel>
        {state && state.blockers.length > 0 && (
          <Panel title="以下事项结束后才能注销" className="account__blockers">
            {state.blockers.map((blocker) => {
              const [page, params] = BLOCKER_PAGES[blocker.kind]
              return (
                <View
                  key={blocker.kind}
                  className="account__blocker"
                  role="link"
                  aria-label={`${blocker.text}，去处理`}
                  onClick={() => void openPage(page, params)}
                >
                  <Text className="account__blocker-text">{blocker.text}</Text>
                  <Text className="account__blocker-go">去处理 ›</Text>
                </View>
              )
            })}
          </Panel>
        )}
        <Panel title="下载我的数据">
          <Text className="account__note">
            你在号安心的全部记录（资料、订单、商品、租号、包赔、评价、消息、登录设备等），以 JSON
            文件保存。不含任何密码，手机号与身份证号脱敏。
          </Text>
          <View
            className="account__download"
            role="button"
            aria-label="下载我的数据"
            aria-disabled={busy}
            onClick={() => void download()}
          >
            <Text>下载我的数据</Text>
          </View>
        </Panel>
      </View>
      <ActionsBar
        busy={busy}
        buttons={[
          ...(state?.actions.includes('cancel')
            ? [{ label: '撤销注销', onClick: () => void cancel(), primary: true }]
            : []),
          ...(state?.actions.includes('request')
            ? [{ label: '申请注销', onClick: () => void ask(), primary: true }]
            : []),
        ]}
      />
    </OtherShell>
  )
}
