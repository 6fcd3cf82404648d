import Taro from '@tarojs/taro'

/** A mini-program cannot hand a file to its user: the JSON goes to the clipboard, to paste where they keep it. */
export async function saveJson(_name: string, json: string): Promise<void> {
  await Taro.setClipboardData({ data: json })
}
