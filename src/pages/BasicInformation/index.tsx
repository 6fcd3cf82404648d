import PagePending from '@/components/PagePending'
import MainShell from '@/layouts/MainShell'

export default function BasicInformationPage() {
  return (
    <MainShell>
      <PagePending />
    </MainShell>
  )
}
