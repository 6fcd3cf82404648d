import PagePending from '@/components/PagePending'
import OtherShell from '@/layouts/OtherShell'

export default function XiaoxiPage() {
  return (
    <OtherShell>
      <PagePending />
    </OtherShell>
  )
}
