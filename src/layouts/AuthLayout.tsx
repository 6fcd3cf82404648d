import type { ReactNode } from 'react'
import { Text, View } from '@tarojs/components'
import StandaloneShell from './StandaloneShell'
import './AuthLayout.scss'

/** The sign-in and sign-up pages: the stand-alone header, the brand block, then the form. */
interface AuthLayoutProps {
  /** The greeting under the logo. */
  title: string
  /** The header title when it differs from the route's. */
  pageTitle?: string
  children: ReactNode
}

export default function AuthLayout({ title, pageTitle, children }: AuthLayoutProps) {
  return (
    <StandaloneShell title={pageTitle}>
      <View className="auth-page">
        <View className="auth-page__hero">
          <View className="auth-page__mark">
            <Text>安</Text>
          </View>
          <Text className="auth-page__title">{title}</Text>
          <Text className="auth-page__promise">资金托管 · 加密交付 · 找回包赔</Text>
        </View>
        {children}
      </View>
    </StandaloneShell>
  )
}
