import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import Icon from '@/components/Icon'
import type { ShareButtonProps } from './types'

/** H5: the page's address on this site, copied for pasting into a chat. */
export default function ShareButton({ url, className, labelClassName }: ShareButtonProps) {
  const copy = () =>
    void Taro.setClipboardData({ data: `${window.location.origin}${url}` }).then(() =>
      Taro.showToast({ title: '链接已复制，发给好友即可查看', icon: 'none' }),
    )
  return (
    <View className={className} role="button" aria-label="分享" onClick={copy}>
      <Icon name="share" size={44} />
      <Text className={labelClassName}>分享</Text>
    </View>
  )
}
