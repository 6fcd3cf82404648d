/**
 * An image of a form: its value is the address the server stored it under (`/uploads/…`). Picking a file
 * uploads it at once through the console's upload call, with a progress bar; the server checks and
 * re-encodes it, and its refusal is shown as it says it.
 */
import { PlusOutlined } from '@ant-design/icons'
import { App, Upload, type UploadFile } from 'antd'
import { useState } from 'react'
import { readToken } from '../api'
import './ImageField.css'

const MAX_BYTES = 5 * 1024 * 1024

interface Props {
  value?: string
  onChange?(url: string): void
  /**
   * A 48 px square that is itself the button (click to replace; the upload's progress in it), for a picture
   * changed in a table's row (a game's icon), which cannot be removed.
   */
  small?: boolean
}

export function ImageField({ value, onChange, small = false }: Props) {
  const { message } = App.useApp()
  const [sending, setSending] = useState<UploadFile>()
  const shown: UploadFile[] = sending
    ? [sending]
    : value
      ? [{ uid: value, name: value.split('/').at(-1)!, status: 'done', url: value }]
      : []
  return (
    <Upload
      accept=".jpg,.jpeg,.png,.webp"
      listType="picture-card"
      className={small ? 'image-field--small' : undefined}
      showUploadList={!small}
      maxCount={1}
      action="/api/admin/upload/image"
      headers={{ Authorization: `Bearer ${readToken() ?? ''}` }}
      fileList={shown}
      beforeUpload={(file) => {
        if (file.size <= MAX_BYTES) return true
        void message.error('图片不能超过 5 MB')
        return Upload.LIST_IGNORE
      }}
      onChange={({ file }) => {
        if (file.status === 'uploading') return setSending(file)
        setSending(undefined)
        if (file.status === 'done') onChange?.((file.response as { data: { url: string } }).data.url)
        if (file.status === 'removed') onChange?.('')
        if (file.status === 'error') {
          void message.error((file.response as { msg?: string } | undefined)?.msg ?? '上传失败，请重试')
        }
      }}
    >
      {small ? (
        sending ? (
          `${Math.round(sending.percent ?? 0)}%`
        ) : value ? (
          <img src={value} alt="点击更换" title="点击更换" />
        ) : (
          <PlusOutlined />
        )
      ) : (
        shown.length === 0 && (
          <div>
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>上传图片</div>
          </div>
        )
      )}
    </Upload>
  )
}
