import PagePending from '@/components/PagePending'
import OtherShell from '@/layouts/OtherShell'

export default function ShanghuPage() {
  return (
    <OtherShell>
      <PagePending />
    </OtherShell>
  )
}
