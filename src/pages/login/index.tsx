import PagePending from '@/components/PagePending'
import StandaloneShell from '@/layouts/StandaloneShell'

export default function LoginPage() {
  return (
    <StandaloneShell>
      <PagePending />
    </StandaloneShell>
  )
}
