import PagePending from '@/components/PagePending'
import StandaloneShell from '@/layouts/StandaloneShell'

export default function RegisterPage() {
  return (
    <StandaloneShell>
      <PagePending />
    </StandaloneShell>
  )
}
