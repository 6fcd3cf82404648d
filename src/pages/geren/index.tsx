import PagePending from '@/components/PagePending'
import OtherShell from '@/layouts/OtherShell'

export default function GerenPage() {
  return (
    <OtherShell>
      <PagePending />
    </OtherShell>
  )
}
