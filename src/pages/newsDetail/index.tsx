import PagePending from '@/components/PagePending'
import OtherShell from '@/layouts/OtherShell'

export default function NewsDetailPage() {
  return (
    <OtherShell>
      <PagePending />
    </OtherShell>
  )
}
