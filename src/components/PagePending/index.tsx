import EmptyState from '@/components/EmptyState'
import { replacePage, useCurrentRoute } from '@/navigation'

/** What a page shows until its feature is built: its title is in the shell, and a way home. */
export default function PagePending() {
  const route = useCurrentRoute()
  const action = route?.name === 'home' ? undefined : { label: '返回首页', onClick: () => replacePage('home') }
  return <EmptyState text={`「${route?.title ?? ''}」即将开放，敬请期待`} action={action} />
}
