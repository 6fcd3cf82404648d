import { useEffect, useState } from 'react'
import { Text, View } from '@tarojs/components'
import { fetchAppraisal } from '@/api/appraisals'
import AttributeTable from '@/components/AttributeTable'
import BottomBar from '@/components/BottomBar'
import DealRow from '@/components/DealRow'
import EmptyState from '@/components/EmptyState'
import GlyphIcon from '@/components/GlyphIcon'
import Panel from '@/components/Panel'
import PriceBand from '@/components/PriceBand'
import PriceTag from '@/components/PriceTag'
import Skeleton from '@/components/Skeleton'
import type { Appraisal } from '@/contract/appraisals'
import type { RegionKind } from '@/contract/catalogue'
import { fenToYuan, formatPrice } from '@/contract/money'
import { PRICE_INDEX_DAYS } from '@/contract/constants'
import MainShell from '@/layouts/MainShell'
import { openPage, usePageParams } from '@/navigation'
import { useRequireLogin } from '@/session'
import { formatTime } from '@/utils/time'
import { prefillDraft, type Draft, type FormMode } from '../BasicInformation/draft'
import './index.scss'

/** 估价结果: the range comparable deals give, the deals themselves, and the ways on — 我要卖 and 竞价回收. */
export default function CommitPage() {
  const signedIn = useRequireLogin()
  const id = Number(usePageParams().id)
  return <MainShell>{signedIn && id > 0 ? <Result id={id} /> : null}</MainShell>
}

/** The selling form starts from what the appraisal already knows: where it plays, what it is, a price. */
function startForm(appraisal: Appraisal, mode: FormMode, price: number): void {
  // The form keeps region nodes, root first, as the region picker gives them.
  const kinds: RegionKind[] = appraisal.gameType === 'mobile' ? ['system', 'carrier'] : ['area', 'server']
  const patch: Partial<Draft> = {
    region: appraisal.regionIds.map((id, i) => ({
      id,
      gameId: appraisal.gameId,
      parentId: i === 0 ? null : appraisal.regionIds[i - 1],
      kind: kinds[i],
      name: appraisal.regionNames[i] ?? '',
      sort: 0,
    })),
    attributes: Object.fromEntries(
      Object.entries(appraisal.attributes).map(([key, value]) => [
        key,
        Array.isArray(value) ? value.map(String) : String(value),
      ]),
    ),
    price: fenToYuan(price),
    images: appraisal.images,
    ...(appraisal.description ? { description: appraisal.description, descriptionEdited: true } : {}),
  }
  prefillDraft(mode, appraisal.gameId, patch)
  void openPage(mode === 'sell' ? 'BasicInformation' : 'jingjiahuishou', { gameId: appraisal.gameId })
}

function Result({ id }: { id: number }) {
  const [appraisal, setAppraisal] = useState<Appraisal | null | 'failed'>(null)
  useEffect(() => {
    fetchAppraisal(id).then(
      (r) => setAppraisal(r.data),
      () => setAppraisal('failed'),
    )
  }, [id])

  if (appraisal === 'failed')
    return <EmptyState text="估价单加载失败" action={{ label: '我的估价', onClick: () => openPage('Myevaluation') }} />
  if (!appraisal) return <Skeleton className="commit__skeleton" />

  const { estimate } = appraisal
  return (
    <View className="commit">
      <View className={`commit__head${estimate ? '' : ' commit__head--pending'}`}>
        <Text className="commit__game">
          {[appraisal.gameName, ...appraisal.regionNames].join(' · ')} · 估价单 #{appraisal.id}
        </Text>
        {estimate ? (
          <>
            <Text className="commit__label">估价区间</Text>
            <View className="commit__range">
              <PriceTag fen={estimate.min} size="large" />
              <Text className="commit__dash">–</Text>
              <PriceTag fen={estimate.max} size="large" />
            </View>
            <Text className="commit__point">参考价 {formatPrice(estimate.point)}</Text>
          </>
        ) : (
          <>
            <GlyphIcon name="clock" size={48} className="commit__pending-icon" />
            <Text className="commit__label">人工估价中</Text>
            <Text className="commit__point">
              近 {PRICE_INDEX_DAYS} 天同类成交不足 5 笔（找到 {appraisal.comparableCount}{' '}
              笔），已转估价师人工估价，完成后会通过消息通知你。
            </Text>
          </>
        )}
      </View>

      {estimate && (
        <Panel title="价格分布">
          <PriceBand
            band={estimate}
            marker={appraisal.expectedPrice ? { value: appraisal.expectedPrice, label: '你的心理价位' } : undefined}
          />
          <Text className="commit__basis">
            {appraisal.source === 'staff'
              ? `估价师说明：${appraisal.note}`
              : `依据近 ${PRICE_INDEX_DAYS} 天本平台 ${appraisal.comparableCount} 笔同类账号成交（按属性、区服相似度与成交时间加权），区间为中间 50% 的成交价。`}
          </Text>
          {appraisal.estimatedAt && <Text className="commit__time">{formatTime(appraisal.estimatedAt)} 估价</Text>}
        </Panel>
      )}

      {appraisal.comparables.length > 0 && (
        <Panel title="同类成交" className="commit__deals">
          {appraisal.comparables.map((deal) => (
            <DealRow key={deal.id} deal={deal} image={deal.cover} meta={`相似度 ${deal.similarity}%`} />
          ))}
        </Panel>
      )}

      <Panel title="账号信息">
        <AttributeTable
          gameName={appraisal.gameName}
          regionNames={appraisal.regionNames}
          rows={appraisal.attributeRows}
        />
        {appraisal.description && <Text className="commit__description">{appraisal.description}</Text>}
      </Panel>

      {estimate && appraisal.actions.length > 0 && (
        <BottomBar>
          {appraisal.actions.includes('recycle') && (
            <View
              className="commit__action"
              role="button"
              aria-label="竞价回收"
              onClick={() => startForm(appraisal, 'recycle', estimate.min)}
            >
              <Text>竞价回收</Text>
            </View>
          )}
          {appraisal.actions.includes('sell') && (
            <View
              className="commit__action commit__action--primary"
              role="button"
              aria-label="我要卖"
              onClick={() => startForm(appraisal, 'sell', estimate.point)}
            >
              <Text>我要卖</Text>
            </View>
          )}
        </BottomBar>
      )}
    </View>
  )
}
