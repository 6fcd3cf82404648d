import PagePending from '@/components/PagePending'
import MainShell from '@/layouts/MainShell'

export default function FillInformationPage() {
  return (
    <MainShell>
      <PagePending />
    </MainShell>
  )
}
