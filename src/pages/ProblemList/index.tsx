import PagePending from '@/components/PagePending'
import OtherShell from '@/layouts/OtherShell'

export default function ProblemListPage() {
  return (
    <OtherShell>
      <PagePending />
    </OtherShell>
  )
}
