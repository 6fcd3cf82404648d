import { Switch, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { deleteSavedSearch, listSavedSearches, setSearchAlerts } from '@/api/catalogue'
import { toastError } from '@/api/request'
import { LoadFailed } from '@/components/EmptyState'
import Sheet from '@/components/Sheet'
import Skeleton from '@/components/Skeleton'
import { SAVED_SEARCH_LIMITS } from '@/contract/constants'
import { openPage } from '@/navigation'
import { useRecord } from '@/utils/useRecord'

/**
 * 搜索订阅: the daily new-listings messages switched on or off, and the user's saved searches — each opens the
 * list with its filters, or is removed.
 */
export default function SavedSearchSheet({ onClose }: { onClose: () => void }) {
  const { item: saved, setItem: setSaved, failed, reload: load } = useRecord(listSavedSearches, '')
  const toggle = async (on: boolean) => {
    if (!saved) return
    setSaved({ ...saved, alerts: on })
    try {
      await setSearchAlerts(on)
      void Taro.showToast({ title: on ? '已开启新上架提醒' : '已关闭新上架提醒', icon: 'none' })
    } catch (error) {
      setSaved({ ...saved, alerts: !on })
      toastError(error, '设置失败，请重试')
    }
  }
  const remove = async (id: number) => {
    try {
      await deleteSavedSearch(id)
      setSaved((current) => current && { ...current, rows: current.rows.filter((row) => row.id !== id) })
    } catch (error) {
      toastError(error, '删除失败，请重试')
    }
  }

  return (
    <Sheet title="搜索订阅" onClose={onClose}>
      {failed ? (
        <LoadFailed failure={failed} onRetry={load} />
      ) : !saved ? (
        <Skeleton className="saved-searches__skeleton" />
      ) : (
        <View className="saved-searches">
          <View className="saved-searches__switch">
            <View className="saved-searches__switch-text">
              <Text className="saved-searches__switch-label">每日新上架提醒</Text>
              <Text className="saved-searches__hint">订阅的搜索有新账号上架时，每天最多提醒一次</Text>
            </View>
            <Switch
              checked={saved.alerts}
              color="#ff5a1f"
              aria-label="每日新上架提醒"
              onChange={(e) => void toggle(e.detail.value)}
            />
          </View>
          {saved.rows.length === 0 ? (
            <Text className="saved-searches__empty">
              在商品列表点「订阅新上架」保存筛选条件，最多 {SAVED_SEARCH_LIMITS.perUser} 个
            </Text>
          ) : (
            saved.rows.map((row) => (
              <View key={row.id} className="saved-searches__row">
                <View
                  className="saved-searches__title"
                  role="link"
                  aria-label={`查看 ${row.title}`}
                  onClick={() => {
                    onClose()
                    void openPage('goodList', { savedSearch: row.id })
                  }}
                >
                  <Text>{row.title}</Text>
                </View>
                <View
                  className="saved-searches__remove"
                  role="button"
                  aria-label={`删除订阅 ${row.title}`}
                  onClick={() => void remove(row.id)}
                >
                  <Text>删除</Text>
                </View>
              </View>
            ))
          )}
        </View>
      )}
    </Sheet>
  )
}
