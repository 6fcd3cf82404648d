import type { ReactNode } from 'react'
import { useState } from 'react'
import { View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { submitProblem } from '@/api/feedback'
import { toastError } from '@/api/request'
import SubmitBar from '@/components/SubmitBar'
import SubmittedCard from '@/components/SubmittedCard'
import type { ProblemRequest } from '@/contract/feedback'
import { openPage, replacePage } from '@/navigation'
import { firstProblem } from '@/utils/forms'

interface ProblemFormProps {
  /** The fields. */
  children: ReactNode
  /** Each field's problem ('' when all is well): the button stays off while any remains. */
  problems: Record<string, string>
  /** The request the form files, built when the button is pressed (null: nothing to send). */
  request: () => ProblemRequest | null
  submitText: string
  /** What replaces the form once it is sent; without it the user is taken to 我的反馈. */
  sent?: { title: string; text: string; link: string }
  /** Something still in progress (an upload) keeps the button off. */
  busy?: boolean
  /** The button fixed to the bottom of the screen (a page of its own) or in the flow (a panel). */
  fixed?: boolean
}

/**
 * Every form that files a feedback row — 反馈/建议 (fankui, suggest), 中介担保 (security): the fields, one submit button that is off while a field has a problem, the refusal as a
 * toast, and what follows a success.
 */
export default function ProblemForm({ children, problems, request, submitText, sent, busy, fixed }: ProblemFormProps) {
  const [saving, setSaving] = useState(false)
  const [done, setDone] = useState(false)

  const submit = async () => {
    const body = request()
    if (!body) return
    setSaving(true)
    try {
      await submitProblem(body)
      if (sent) {
        setDone(true)
      } else {
        void Taro.showToast({ title: '提交成功，我们会尽快回复', icon: 'none' })
        await replacePage('ProblemList')
      }
    } catch (error) {
      toastError(error, '提交失败，请重试')
    } finally {
      setSaving(false)
    }
  }

  if (done && sent)
    return (
      <SubmittedCard
        title={sent.title}
        text={sent.text}
        link={{ text: sent.link, open: () => openPage('ProblemList') }}
      />
    )
  return (
    <View>
      {children}
      <SubmitBar
        fixed={fixed}
        disabled={Boolean(firstProblem(problems)) || busy}
        loading={saving}
        onClick={() => void submit()}
      >
        {submitText}
      </SubmitBar>
    </View>
  )
}
