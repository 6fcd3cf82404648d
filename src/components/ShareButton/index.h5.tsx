import { useEffect } from 'react'
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { fetchWechatJsConfig } from '@/api/payments'
import { mediaUrl } from '@/api/request'
import Icon from '@/components/Icon'
import { currentPayPlace } from '@/utils/payPlace'
import type { ShareButtonProps } from './types'

/**
 * Inside WeChat a link shared from the page's menu shows as a card: the JS-SDK (loaded only there) is
 * configured with the server's signature of this page and given the card. Without an official account
 * configured the server says so, and the link stays a plain one.
 */
async function offerCardInWechat(link: string, card: ShareButtonProps['card']) {
  const { data } = await fetchWechatJsConfig(window.location.href.split('#')[0])
  const wx = (await import('weixin-js-sdk')).default
  wx.config({ debug: false, ...data, jsApiList: ['updateAppMessageShareData', 'updateTimelineShareData'] })
  const imgUrl = new URL(mediaUrl(card.imageUrl), window.location.origin).toString()
  wx.ready(() => {
    wx.updateAppMessageShareData({ title: card.title, desc: card.desc, link, imgUrl, success: () => undefined })
    wx.updateTimelineShareData({ title: card.title, link, imgUrl, success: () => undefined })
  })
}

/** H5: the page's address on this site, copied for pasting into a chat; inside WeChat, also its share card. */
export default function ShareButton({ url, className, labelClassName, card }: ShareButtonProps) {
  const link = `${window.location.origin}${url}`
  const { title, desc, imageUrl } = card
  useEffect(() => {
    if (currentPayPlace() === 'wechat') offerCardInWechat(link, { title, desc, imageUrl }).catch(() => undefined)
  }, [link, title, desc, imageUrl])
  const copy = () =>
    void Taro.setClipboardData({ data: link }).then(() =>
      Taro.showToast({ title: '链接已复制，发给好友即可查看', icon: 'none' }),
    )
  return (
    <View className={className} role="button" aria-label="分享" onClick={copy}>
      <Icon name="share" size={44} />
      <Text className={labelClassName}>分享</Text>
    </View>
  )
}
