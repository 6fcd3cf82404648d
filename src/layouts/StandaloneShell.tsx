import type { ReactNode } from 'react'
import { View } from '@tarojs/components'
import PageHeader from '@/components/PageHeader'
import { useCurrentRoute } from '@/navigation'

/**
 * The frame of the pages outside both shells (/login, /register, /yinsi): a header with back and title
 * (the route's, unless the page is in another mode, e.g. /register?type=reset).
 */
export default function StandaloneShell({ children, title }: { children?: ReactNode; title?: string }) {
  const route = useCurrentRoute()
  return (
    <View className="standalone-shell">
      <PageHeader title={title ?? route?.title ?? ''} />
      {children}
    </View>
  )
}
