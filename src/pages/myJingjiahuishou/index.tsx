import PagePending from '@/components/PagePending'
import OtherShell from '@/layouts/OtherShell'

export default function MyJingjiahuishouPage() {
  return (
    <OtherShell>
      <PagePending />
    </OtherShell>
  )
}
