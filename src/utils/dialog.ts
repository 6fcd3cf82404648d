/** Mini-programs ask with the app's own modal (dialog.h5.ts draws the house one on H5). */
import Taro from '@tarojs/taro'
import type { DialogOptions } from '@/components/Dialog'

export const showDialog = (options: DialogOptions): Promise<{ confirm: boolean; cancel: boolean }> =>
  Taro.showModal(options)

/** Nothing to draw: the modal is the app's. */
export const DialogHost = () => null
