import { useState } from 'react'
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { submitProblem } from '@/api/feedback'
import { toastError } from '@/api/request'
import ChoiceChips from '@/components/ChoiceChips'
import Field, { AreaField, ContactFields, InputField } from '@/components/Field'
import Hint from '@/components/Hint'
import ImageUploader from '@/components/ImageUploader'
import SubmitBar from '@/components/SubmitBar'
import { FEEDBACK_LIMITS } from '@/contract/constants'
import type { ProblemType } from '@/contract/feedback'
import { openPage, replacePage } from '@/navigation'
import { checkOptionalQq } from '@/contract/validation'
import { checkLength, checkOptionalPhone, firstProblem } from '@/utils/forms'
import './index.scss'

export const PROBLEM_TYPE_LABELS: Record<ProblemType, string> = {
  suggestion: '改进建议',
  problem: '问题反馈',
  complaint: '投诉举报',
  merchant: '商务合作',
  escrow: '中介担保',
}

type FeedbackType = 'suggestion' | 'problem' | 'complaint'

const FEEDBACK_TYPES: { value: FeedbackType; label: string }[] = (['suggestion', 'problem', 'complaint'] as const).map(
  (value) => ({ value, label: PROBLEM_TYPE_LABELS[value] }),
)

/** fankui and suggest: type, title, content, up to 6 pictures, phone and QQ → 我的反馈. */
export default function FeedbackForm({ initialType = 'suggestion' }: { initialType?: FeedbackType }) {
  const [type, setType] = useState<FeedbackType>(initialType)
  const [title, setTitle] = useState('')
  const [content, setContent] = useState('')
  const [images, setImages] = useState<string[]>([])
  const [phone, setPhone] = useState('')
  const [qq, setQq] = useState('')
  const [uploading, setUploading] = useState(false)
  const [saving, setSaving] = useState(false)

  const problems = {
    title: checkLength(title, '标题', FEEDBACK_LIMITS.title.min, FEEDBACK_LIMITS.title.max),
    content: checkLength(content, '内容', FEEDBACK_LIMITS.content.min, FEEDBACK_LIMITS.content.max),
    phone: checkOptionalPhone(phone),
    qq: checkOptionalQq(qq),
  }
  const invalid = firstProblem(problems)

  const submit = async () => {
    setSaving(true)
    try {
      await submitProblem({
        type,
        title: title.trim(),
        content: content.trim(),
        images,
        ...(phone ? { phone } : {}),
        ...(qq ? { qq } : {}),
      })
      void Taro.showToast({ title: '提交成功，我们会尽快回复', icon: 'none' })
      await replacePage('ProblemList')
    } catch (error) {
      toastError(error, '提交失败，请重试')
    } finally {
      setSaving(false)
    }
  }

  return (
    <View className="feedback-form">
      <Hint>您的每一条意见都会由专人跟进，处理结果可在「我的反馈」查看。遇到紧急交易问题，请直接联系客服。</Hint>
      <View className="feedback-form__links">
        <View className="feedback-form__link" role="link" onClick={() => openPage('ProblemList')}>
          <Text>查看我的反馈</Text>
        </View>
      </View>
      <Field label="反馈类型">
        <ChoiceChips label="反馈类型" options={FEEDBACK_TYPES} value={type} onChange={setType} />
      </Field>
      <InputField
        label="标题"
        value={title}
        onChange={setTitle}
        error={problems.title}
        maxlength={FEEDBACK_LIMITS.title.max}
        placeholder="一句话概括您的问题或建议"
      />
      <AreaField
        label="详细内容"
        value={content}
        onChange={setContent}
        error={problems.content}
        maxlength={FEEDBACK_LIMITS.content.max}
        placeholder="请描述具体情况，如订单编号、发生时间，至少 5 个字"
      />
      <Field label={`图片（选填，最多 ${FEEDBACK_LIMITS.images} 张）`}>
        <View className="feedback-form__images">
          <ImageUploader value={images} onChange={setImages} max={FEEDBACK_LIMITS.images} onBusyChange={setUploading} />
        </View>
      </Field>
      <ContactFields
        phone={phone}
        onPhone={setPhone}
        qq={qq}
        onQq={setQq}
        errors={problems}
        placeholder="方便我们联系您"
      />
      <SubmitBar disabled={Boolean(invalid) || uploading} loading={saving} onClick={() => void submit()}>
        提交反馈
      </SubmitBar>
    </View>
  )
}
