import type { ReactNode } from 'react'
import { View } from '@tarojs/components'
import PageHeader from '@/components/PageHeader'
import { useCurrentRoute } from '@/navigation'

/** The frame of the pages outside both shells (/login, /register, /yinsi): a header with back and title. */
export default function StandaloneShell({ children }: { children?: ReactNode }) {
  const route = useCurrentRoute()
  return (
    <View className="standalone-shell">
      <PageHeader title={route?.title ?? ''} />
      {children}
    </View>
  )
}
