import { Text, View } from '@tarojs/components'
import BottomBar from '@/components/BottomBar'
import './index.scss'

export interface BarButton {
  label: string
  onClick: () => void
  /** The filled one, last in the row. */
  primary?: boolean
}

/** A page's actions on its fixed bottom bar (a rental's, a ticket's): only the ones the viewer has now. */
export default function ActionsBar({ buttons, busy }: { buttons: BarButton[]; busy: boolean }) {
  if (buttons.length === 0) return null
  return (
    <BottomBar>
      <View className="actions-bar">
        {buttons.map((button) => (
          <View
            key={button.label}
            className={`actions-bar__button${button.primary ? ' actions-bar__button--primary' : ''}${busy ? ' actions-bar__button--busy' : ''}`}
            role="button"
            aria-disabled={busy}
            onClick={button.onClick}
          >
            <Text>{button.label}</Text>
          </View>
        ))}
      </View>
    </BottomBar>
  )
}
