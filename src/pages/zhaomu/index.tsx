import PagePending from '@/components/PagePending'
import OtherShell from '@/layouts/OtherShell'

export default function ZhaomuPage() {
  return (
    <OtherShell>
      <PagePending />
    </OtherShell>
  )
}
