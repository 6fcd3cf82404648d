import { Text, View } from '@tarojs/components'
import './index.scss'

interface ListFooterProps {
  status: 'loading' | 'idle' | 'error'
  hasMore: boolean
  onMore: () => void
  onRetry: () => void
}

/** Under an infinite list: loading, a retry after a failure, a tap-to-load fallback, or the end. */
export default function ListFooter({ status, hasMore, onMore, onRetry }: ListFooterProps) {
  return (
    <View className="list-footer">
      {status === 'loading' ? (
        <Text>加载中…</Text>
      ) : status === 'error' ? (
        <View className="list-footer__button list-footer__retry" role="button" onClick={onRetry}>
          <Text>加载失败，点击重试</Text>
        </View>
      ) : hasMore ? (
        <View className="list-footer__button" role="button" onClick={onMore}>
          <Text>上拉加载更多</Text>
        </View>
      ) : (
        <Text>— 已经到底了 —</Text>
      )}
    </View>
  )
}
