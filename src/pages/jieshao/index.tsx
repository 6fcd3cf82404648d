import PagePending from '@/components/PagePending'
import OtherShell from '@/layouts/OtherShell'

export default function JieshaoPage() {
  return (
    <OtherShell>
      <PagePending />
    </OtherShell>
  )
}
