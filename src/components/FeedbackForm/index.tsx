import { useState } from 'react'
import { Text, View } from '@tarojs/components'
import ChoiceChips from '@/components/ChoiceChips'
import Field, { AreaField, ContactFields, InputField } from '@/components/Field'
import Hint from '@/components/Hint'
import ImageUploader from '@/components/ImageUploader'
import ProblemForm from '@/components/ProblemForm'
import { FEEDBACK_LIMITS, PROBLEM_TYPE_LABELS } from '@/contract/constants'
import { checkOptionalQq } from '@/contract/validation'
import { openPage } from '@/navigation'
import { checkLength, checkOptionalPhone } from '@/utils/forms'
import './index.scss'

type FeedbackType = 'suggestion' | 'problem' | 'complaint'

const FEEDBACK_TYPES: { value: FeedbackType; label: string }[] = (['suggestion', 'problem', 'complaint'] as const).map(
  (value) => ({ value, label: PROBLEM_TYPE_LABELS[value] }),
)

const { title: TITLE, content: CONTENT, images: MAX_IMAGES } = FEEDBACK_LIMITS

/** fankui and suggest: type, title, content, up to 6 pictures, phone and QQ → 我的反馈. */
export default function FeedbackForm({ initialType = 'suggestion' }: { initialType?: FeedbackType }) {
  const [type, setType] = useState<FeedbackType>(initialType)
  const [title, setTitle] = useState('')
  const [content, setContent] = useState('')
  const [images, setImages] = useState<string[]>([])
  const [phone, setPhone] = useState('')
  const [qq, setQq] = useState('')
  const [uploading, setUploading] = useState(false)

  const problems = {
    title: checkLength(title, '标题', TITLE.min, TITLE.max),
    content: checkLength(content, '内容', CONTENT.min, CONTENT.max),
    phone: checkOptionalPhone(phone),
    qq: checkOptionalQq(qq),
  }

  return (
    <View className="feedback-form">
      <Hint>您的每一条意见都会由专人跟进，处理结果可在「我的反馈」查看。遇到紧急交易问题，请直接联系客服。</Hint>
      <View className="feedback-form__links">
        <View className="feedback-form__link" role="link" onClick={() => openPage('ProblemList')}>
          <Text>查看我的反馈</Text>
        </View>
      </View>
      <ProblemForm
        problems={problems}
        busy={uploading}
        submitText="提交反馈"
        request={() => ({
          type,
          title: title.trim(),
          content: content.trim(),
          images,
          ...(phone ? { phone } : {}),
          ...(qq ? { qq } : {}),
        })}
      >
        <Field label="反馈类型">
          <ChoiceChips label="反馈类型" options={FEEDBACK_TYPES} value={type} onChange={setType} />
        </Field>
        <InputField
          label="标题"
          value={title}
          onChange={setTitle}
          error={problems.title}
          maxlength={TITLE.max}
          placeholder="一句话概括您的问题或建议"
        />
        <AreaField
          label="详细内容"
          value={content}
          onChange={setContent}
          error={problems.content}
          maxlength={CONTENT.max}
          placeholder="请描述具体情况，如订单编号、发生时间，至少 5 个字"
        />
        <Field label={`图片（选填，最多 ${MAX_IMAGES} 张）`}>
          <View className="feedback-form__images">
            <ImageUploader value={images} onChange={setImages} max={MAX_IMAGES} onBusyChange={setUploading} />
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
      </ProblemForm>
    </View>
  )
}
