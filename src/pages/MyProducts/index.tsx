import PagePending from '@/components/PagePending'
import OtherShell from '@/layouts/OtherShell'

export default function MyProductsPage() {
  return (
    <OtherShell>
      <PagePending />
    </OtherShell>
  )
}
