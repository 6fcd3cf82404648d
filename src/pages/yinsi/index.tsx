import PagePending from '@/components/PagePending'
import StandaloneShell from '@/layouts/StandaloneShell'

export default function YinsiPage() {
  return (
    <StandaloneShell>
      <PagePending />
    </StandaloneShell>
  )
}
