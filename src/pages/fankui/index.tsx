import FeedbackForm from '@/components/FeedbackForm'
import OtherShell from '@/layouts/OtherShell'
import { useRequireLogin } from '@/session'

/** 反馈 (login): a problem report (or a suggestion / complaint) → 我的反馈. */
export default function FankuiPage() {
  const signedIn = useRequireLogin()
  return <OtherShell>{signedIn ? <FeedbackForm initialType="problem" /> : null}</OtherShell>
}
