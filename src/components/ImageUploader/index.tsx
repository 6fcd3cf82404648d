import { useState } from 'react'
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { uploadImage } from '@/api/upload'
import { toastError } from '@/api/request'
import Icon from '@/components/Icon'
import LazyImage from '@/components/LazyImage'
import './index.scss'

interface ImageUploaderProps {
  /** The uploaded images' URLs as /upload/image returned them. */
  value: string[]
  onChange: (urls: string[]) => void
  max: number
  /** Tells the form an upload is under way (its submit waits). */
  onBusyChange?: (busy: boolean) => void
}

/** Pictures for a form: pick from the album or camera, each uploaded at once; thumbnails with remove. */
export default function ImageUploader({ value, onChange, max, onBusyChange }: ImageUploaderProps) {
  const [uploading, setUploading] = useState(0)
  /** The share sent of the picture going up now (the others wait their turn). */
  const [percent, setPercent] = useState(0)

  const pick = async () => {
    const room = max - value.length
    if (room <= 0 || uploading) return
    let paths: string[]
    try {
      const picked = await Taro.chooseImage({ count: room, sizeType: ['compressed'] })
      paths = picked.tempFilePaths.slice(0, room)
    } catch {
      return // the picker was closed
    }
    setUploading(paths.length)
    onBusyChange?.(true)
    let urls = value
    for (const path of paths) {
      try {
        setPercent(0)
        const result = await uploadImage(path, setPercent)
        urls = [...urls, result.data.url]
        onChange(urls)
      } catch (error) {
        toastError(error, '图片上传失败，请重试')
      }
      setUploading((n) => n - 1)
    }
    onBusyChange?.(false)
  }

  return (
    <View className="image-uploader">
      {value.map((url, i) => (
        <View key={url} className="image-uploader__cell">
          <LazyImage className="image-uploader__image" src={url} alt={`图片 ${i + 1}`} lazy={false} />
          <View
            className="image-uploader__remove"
            role="button"
            aria-label={`删除图片 ${i + 1}`}
            onClick={() => onChange(value.filter((u) => u !== url))}
          >
            <Icon name="close" size={24} />
          </View>
        </View>
      ))}
      {Array.from({ length: uploading }, (_, i) => (
        <View
          key={`uploading-${i}`}
          className="image-uploader__cell image-uploader__cell--busy"
          role="progressbar"
          aria-valuenow={i === 0 ? percent : 0}
        >
          <Text>{i === 0 ? `上传中 ${percent}%` : '等待上传'}</Text>
          {i === 0 && <View className="image-uploader__progress" style={{ width: `${percent}%` }} />}
        </View>
      ))}
      {value.length + uploading < max && (
        <View
          className="image-uploader__cell image-uploader__add"
          role="button"
          aria-label="添加图片"
          onClick={() => void pick()}
        >
          <Icon name="plus" size={48} />
          <Text className="image-uploader__count">
            {value.length}/{max}
          </Text>
        </View>
      )}
    </View>
  )
}
