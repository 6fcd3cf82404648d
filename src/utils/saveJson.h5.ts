import Taro from '@tarojs/taro'

/** On the web the JSON is downloaded as a file named `name`. */
export async function saveJson(name: string, json: string): Promise<void> {
  const link = document.createElement('a')
  link.href = URL.createObjectURL(new Blob([json], { type: 'application/json' }))
  link.download = name
  link.click()
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000)
  void Taro.showToast({ title: '已开始下载', icon: 'none' })
}
