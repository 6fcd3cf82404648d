import PagePending from '@/components/PagePending'
import OtherShell from '@/layouts/OtherShell'

export default function SuggestPage() {
  return (
    <OtherShell>
      <PagePending />
    </OtherShell>
  )
}
