import { Fragment } from 'react'
import { Text, View } from '@tarojs/components'
import { openPage } from '@/navigation'
import './index.scss'

export interface AgreementDocument {
  /** Without the book-title marks: 用户协议. */
  name: string
  open: () => void
}

/** Sign-in and registration: the terms and the privacy policy. */
const ACCOUNT_DOCUMENTS: AgreementDocument[] = [
  { name: '用户协议', open: () => openPage('articleDetail', { noticeType: 'yonghuxieyi' }) },
  { name: '隐私政策', open: () => openPage('yinsi') },
]

interface AgreementProps {
  checked: boolean
  onChange: (checked: boolean) => void
  /** The notices agreed to; the account terms unless said. */
  documents?: AgreementDocument[]
}

/** The consent tick with links to the notices; forms stay disabled until it is ticked. */
export default function Agreement({ checked, onChange, documents = ACCOUNT_DOCUMENTS }: AgreementProps) {
  return (
    <View className="agreement">
      {/* The tick and its words are one target, a finger tall; the notices' names open them. */}
      <View
        className="agreement__consent"
        role="checkbox"
        aria-checked={checked}
        aria-label={`我已阅读并同意${documents.map((d) => d.name).join('和')}`}
        onClick={() => onChange(!checked)}
      >
        <View className={`agreement__box${checked ? ' agreement__box--checked' : ''}`} />
        <Text className="agreement__text">我已阅读并同意</Text>
      </View>
      {documents.map((d, i) => (
        <Fragment key={d.name}>
          {i > 0 && <Text className="agreement__text">和</Text>}
          <Text className="agreement__link" onClick={d.open}>
            《{d.name}》
          </Text>
        </Fragment>
      ))}
    </View>
  )
}
