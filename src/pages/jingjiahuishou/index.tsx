import PagePending from '@/components/PagePending'
import MainShell from '@/layouts/MainShell'

export default function JingjiahuishouPage() {
  return (
    <MainShell>
      <PagePending />
    </MainShell>
  )
}
