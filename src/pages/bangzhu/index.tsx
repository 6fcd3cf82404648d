import PagePending from '@/components/PagePending'
import OtherShell from '@/layouts/OtherShell'

export default function BangzhuPage() {
  return (
    <OtherShell>
      <PagePending />
    </OtherShell>
  )
}
