import PagePending from '@/components/PagePending'
import OtherShell from '@/layouts/OtherShell'

export default function ZhaohuiPage() {
  return (
    <OtherShell>
      <PagePending />
    </OtherShell>
  )
}
