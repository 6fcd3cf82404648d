import PagePending from '@/components/PagePending'
import OtherShell from '@/layouts/OtherShell'

export default function GonggaoPage() {
  return (
    <OtherShell>
      <PagePending />
    </OtherShell>
  )
}
