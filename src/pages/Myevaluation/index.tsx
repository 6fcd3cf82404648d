import PagePending from '@/components/PagePending'
import OtherShell from '@/layouts/OtherShell'

export default function MyevaluationPage() {
  return (
    <OtherShell>
      <PagePending />
    </OtherShell>
  )
}
