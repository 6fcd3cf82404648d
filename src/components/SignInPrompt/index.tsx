import { Button, Text, View } from '@tarojs/components'
import { currentPageUrl, replacePage } from '@/navigation'
import './index.scss'

/** In place of a form that needs an account: why, and the way to sign in and come back here. */
export default function SignInPrompt({ text }: { text: string }) {
  return (
    <View className="sign-in-prompt">
      <Text className="sign-in-prompt__text">{text}</Text>
      <Button
        className="sign-in-prompt__button"
        onClick={() => void replacePage('login', { redirect: currentPageUrl() })}
      >
        登录 / 注册
      </Button>
    </View>
  )
}
