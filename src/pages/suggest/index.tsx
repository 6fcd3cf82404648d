import FeedbackForm from '@/components/FeedbackForm'
import OtherShell from '@/layouts/OtherShell'
import { useRequireLogin } from '@/session'

/** 投诉建议 (login): a suggestion or complaint (or a problem report) → 我的反馈. */
export default function SuggestPage() {
  const signedIn = useRequireLogin()
  return <OtherShell>{signedIn ? <FeedbackForm initialType="suggestion" /> : null}</OtherShell>
}
