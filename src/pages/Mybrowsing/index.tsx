import PagePending from '@/components/PagePending'
import OtherShell from '@/layouts/OtherShell'

export default function MybrowsingPage() {
  return (
    <OtherShell>
      <PagePending />
    </OtherShell>
  )
}
