import { Text, View } from '@tarojs/components'
import CopyButton from '@/components/CopyButton'
import Sheet from '@/components/Sheet'
import type { Credentials } from '@/contract/orders'
import './index.scss'

interface CredentialsSheetProps {
  credentials: Credentials
  /** What to do (and not do) with them: a buyer secures the account, a renter keeps it as it is. */
  warning: string
  onClose: () => void
}

/** The account and password (and the seller's notes), each with its copy button, over the page. */
export default function CredentialsSheet({ credentials, warning, onClose }: CredentialsSheetProps) {
  const rows: [string, string][] = [
    ['账号', credentials.account],
    ['密码', credentials.password],
  ]
  return (
    <Sheet title="账号信息" onClose={onClose}>
      <View className="credentials-sheet">
        <Text className="credentials-sheet__warning">{warning}</Text>
        {rows.map(([label, value]) => (
          <View key={label} className="credentials-sheet__secret">
            <Text className="credentials-sheet__label">{label}</Text>
            <Text className="credentials-sheet__value" userSelect>
              {value}
            </Text>
            <CopyButton text={value} what={label} />
          </View>
        ))}
        {credentials.notes && (
          <View className="credentials-sheet__secret credentials-sheet__secret--notes">
            <Text className="credentials-sheet__label">备注</Text>
            <Text className="credentials-sheet__value" userSelect>
              {credentials.notes}
            </Text>
            <CopyButton text={credentials.notes} what="备注" />
          </View>
        )}
      </View>
    </Sheet>
  )
}
