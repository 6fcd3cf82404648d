import PagePending from '@/components/PagePending'
import OtherShell from '@/layouts/OtherShell'

export default function HelpdetailPage() {
  return (
    <OtherShell>
      <PagePending />
    </OtherShell>
  )
}
