import { useState } from 'react'
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { toastError } from '@/api/request'
import LazyImage from '@/components/LazyImage'
import Panel from '@/components/Panel'
import SubmitBar from '@/components/SubmitBar'
import { checkLength } from '@/utils/forms'
import { formatTime } from '@/utils/time'
import Field, { AreaField } from '@/components/Field'
import ImageUploader from '@/components/ImageUploader'
import './index.scss'

interface EvidenceFieldsProps {
  label: string
  placeholder: string
  text: string
  onText: (text: string) => void
  /** The most characters the words may have. */
  maxText: number
  images: string[]
  onImages: (images: string[]) => void
  maxImages: number
  /** Tells the form an upload is under way (its submit waits). */
  onBusy: (busy: boolean) => void
  error: string
}

/** Words and screenshots, as a case, a claim and their answers take them. */
export default function EvidenceFields(props: EvidenceFieldsProps) {
  return (
    <>
      <AreaField
        label={props.label}
        value={props.text}
        onChange={props.onText}
        error={props.error}
        maxlength={props.maxText}
        placeholder={props.placeholder}
      />
      <Field label={`截图凭证（最多 ${props.maxImages} 张）`}>
        <View className="evidence-fields__images">
          <ImageUploader
            value={props.images}
            onChange={props.onImages}
            max={props.maxImages}
            onBusyChange={props.onBusy}
          />
        </View>
      </Field>
    </>
  )
}

/** Words and screenshots as they were given, with when; a tap opens a picture large. */
export function EvidenceView({ text, images, at }: { text: string; images: string[]; at: string }) {
  return (
    <View className="evidence-view">
      <Text className="evidence-view__text" selectable>
        {text}
      </Text>
      {images.length > 0 && (
        <View className="evidence-view__gallery">
          {images.map((url) => (
            <View
              key={url}
              role="button"
              aria-label="查看大图"
              onClick={() => void Taro.previewImage({ current: url, urls: images })}
            >
              <LazyImage className="evidence-view__shot" src={url} alt="凭证截图" />
            </View>
          ))}
        </View>
      )}
      <Text className="evidence-view__time">{formatTime(at)}</Text>
    </View>
  )
}

/**
 * A panel that takes words and screenshots and sends them (a seller's answer, a claim's addition): the
 * button waits for the words' bounds and the uploads; `send` answers the toast's words on success.
 */
export function EvidenceForm(props: {
  title: string
  label: string
  placeholder: string
  submitText: string
  limits: { text: { min: number; max: number }; images: number }
  send: (body: { text: string; images: string[] }) => Promise<string>
}) {
  const { limits } = props
  const [text, setText] = useState('')
  const [images, setImages] = useState<string[]>([])
  const [uploading, setUploading] = useState(false)
  const [saving, setSaving] = useState(false)
  const problem = checkLength(text, props.label, limits.text.min, limits.text.max)
  const submit = async () => {
    setSaving(true)
    try {
      const done = await props.send({ text: text.trim(), images })
      void Taro.showToast({ title: done, icon: 'none' })
    } catch (error) {
      toastError(error, '提交失败，请重试')
    } finally {
      setSaving(false)
    }
  }
  return (
    <Panel title={props.title}>
      <EvidenceFields
        label={props.label}
        placeholder={props.placeholder}
        text={text}
        onText={setText}
        maxText={limits.text.max}
        images={images}
        onImages={setImages}
        maxImages={limits.images}
        onBusy={setUploading}
        error={text ? problem : ''}
      />
      <SubmitBar fixed={false} disabled={Boolean(problem) || uploading} loading={saving} onClick={() => void submit()}>
        {props.submitText}
      </SubmitBar>
    </Panel>
  )
}
