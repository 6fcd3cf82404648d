import { NoticeTabs, type NoticeTab } from '@/components/NoticeList'
import OtherShell from '@/layouts/OtherShell'

/**
 * The notice types behind gonggao's tabs (DOMAIN.md has no code of its own for 平台公告 or 新闻): 新闻公告
 * (xwgg) are the platform's announcements, 打击找回案例 (djzhal) its news of cases pursued, 追回案例 (zhgg)
 * the buyers' recovery and compensation stories.
 */
export const GONGGAO_TABS: NoticeTab[] = [
  { label: '平台公告', type: 'xwgg' },
  { label: '新闻', type: 'djzhal' },
  { label: '找回案例', type: 'zhgg' },
]

/** 公告: notices by type tabs → newsDetail. */
export default function GonggaoPage() {
  return (
    <OtherShell>
      <NoticeTabs tabs={GONGGAO_TABS} detail="newsDetail" />
    </OtherShell>
  )
}
