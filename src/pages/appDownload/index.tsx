import PagePending from '@/components/PagePending'
import MainShell from '@/layouts/MainShell'

export default function AppDownloadPage() {
  return (
    <MainShell>
      <PagePending />
    </MainShell>
  )
}
