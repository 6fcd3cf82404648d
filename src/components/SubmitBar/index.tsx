import type { ReactNode } from 'react'
import { Button, View } from '@tarojs/components'
import './index.scss'

interface SubmitBarProps {
  /**
   * Keep it the same while the bar is shown: Taro's H5 button puts its loading icon in front of the text
   * node it first saw, and fails (insertBefore) once React has replaced that node.
   */
  children: ReactNode
  disabled?: boolean
  loading?: boolean
  onClick: () => void
  /** Fixed to the bottom of the screen (forms) or in the flow of the page. */
  fixed?: boolean
}

/** The form's primary action. */
export default function SubmitBar({ children, disabled, loading, onClick, fixed = true }: SubmitBarProps) {
  return (
    <View className={`submit-bar${fixed ? ' submit-bar--fixed' : ''}`}>
      <Button
        className="submit-bar__button"
        // Left out rather than false: the H5 button otherwise carries disabled="false", which [disabled] matches.
        disabled={disabled || loading || undefined}
        loading={loading}
        onClick={() => !disabled && !loading && onClick()}
      >
        {children}
      </Button>
    </View>
  )
}
