import AskService from '@/components/AskService'
import NoticeArticle from '@/components/NoticeArticle'
import MainShell from '@/layouts/MainShell'

/** APP下载: where to get the app and the mini-programs, with their QR codes (the APP下载 notice). */
export default function AppDownloadPage() {
  return (
    <MainShell>
      <NoticeArticle source={{ type: 'appxz' }} />
      <AskService text="安装遇到问题？客服在线 10:00–02:00" />
    </MainShell>
  )
}
