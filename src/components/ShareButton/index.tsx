import { Button, Text } from '@tarojs/components'
import Icon from '@/components/Icon'
import type { ShareButtonProps } from './types'
import './index.scss'

/** Mini-programs: the app's own share to a friend (the page's useShareAppMessage gives the card). */
export default function ShareButton({ className, labelClassName }: ShareButtonProps) {
  return (
    <Button className={`share-button ${className}`} openType="share" aria-label="分享">
      <Icon name="share" size={44} />
      <Text className={labelClassName}>分享</Text>
    </Button>
  )
}
