import { Text, View } from '@tarojs/components'
import { openPage } from '@/navigation'
import './index.scss'

interface AgreementProps {
  checked: boolean
  onChange: (checked: boolean) => void
}

/** The consent tick with links to the two notices; forms stay disabled until it is ticked. */
export default function Agreement({ checked, onChange }: AgreementProps) {
  return (
    <View className="agreement">
      <View
        className={`agreement__box${checked ? ' agreement__box--checked' : ''}`}
        role="checkbox"
        aria-checked={checked}
        aria-label="我已阅读并同意用户协议和隐私政策"
        onClick={() => onChange(!checked)}
      />
      <Text className="agreement__text" onClick={() => onChange(!checked)}>
        我已阅读并同意
      </Text>
      <Text className="agreement__link" onClick={() => openPage('articleDetail', { noticeType: 'yonghuxieyi' })}>
        《用户协议》
      </Text>
      <Text className="agreement__text">和</Text>
      <Text className="agreement__link" onClick={() => openPage('yinsi')}>
        《隐私政策》
      </Text>
    </View>
  )
}
