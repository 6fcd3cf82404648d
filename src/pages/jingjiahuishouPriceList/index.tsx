import PagePending from '@/components/PagePending'
import OtherShell from '@/layouts/OtherShell'

export default function JingjiahuishouPriceListPage() {
  return (
    <OtherShell>
      <PagePending />
    </OtherShell>
  )
}
