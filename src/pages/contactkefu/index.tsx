import PagePending from '@/components/PagePending'
import OtherShell from '@/layouts/OtherShell'

export default function ContactkefuPage() {
  return (
    <OtherShell>
      <PagePending />
    </OtherShell>
  )
}
