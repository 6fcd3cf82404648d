import PagePending from '@/components/PagePending'
import OtherShell from '@/layouts/OtherShell'

export default function PassworePage() {
  return (
    <OtherShell>
      <PagePending />
    </OtherShell>
  )
}
