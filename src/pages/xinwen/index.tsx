import PagePending from '@/components/PagePending'
import OtherShell from '@/layouts/OtherShell'

export default function XinwenPage() {
  return (
    <OtherShell>
      <PagePending />
    </OtherShell>
  )
}
