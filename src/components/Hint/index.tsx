import type { ReactNode } from 'react'
import { Text } from '@tarojs/components'
import './index.scss'

/** A tinted explanation above a form: what happens and why. */
export default function Hint({ children }: { children: ReactNode }) {
  return <Text className="hint">{children}</Text>
}
