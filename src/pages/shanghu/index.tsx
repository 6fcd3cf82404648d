import { useState } from 'react'
import { View } from '@tarojs/components'
import { AreaField, ContactFields, InputField } from '@/components/Field'
import NoticeArticle from '@/components/NoticeArticle'
import Panel from '@/components/Panel'
import SignInPrompt from '@/components/SignInPrompt'
import ProblemForm from '@/components/ProblemForm'
import { checkOptionalQq, checkPhone } from '@/contract/validation'
import OtherShell from '@/layouts/OtherShell'
import { useAppState } from '@/store'
import { checkLength } from '@/utils/forms'
import './index.scss'

/** 商务合作: the merchant-cooperation notice and the application form (a feedback of type merchant). */
export default function ShanghuPage() {
  const signedIn = useAppState((s) => Boolean(s.token))
  return (
    <OtherShell>
      <NoticeArticle source={{ type: 'shhz' }} />
      <View className="shanghu">
        <Panel title="申请合作">
          {signedIn ? <MerchantForm /> : <SignInPrompt text="登录后即可在线提交合作申请" />}
        </Panel>
      </View>
    </OtherShell>
  )
}

function MerchantForm() {
  const [name, setName] = useState('')
  const [phone, setPhone] = useState('')
  const [qq, setQq] = useState('')
  const [business, setBusiness] = useState('')

  const problems = {
    name: checkLength(name, '称呼或公司名', 2, 30),
    phone: checkPhone(phone),
    qq: checkOptionalQq(qq),
    business: checkLength(business, '合作内容', 10, 500),
  }

  return (
    <ProblemForm
      problems={problems}
      fixed={false}
      submitText="提交申请"
      sent={{
        title: '申请已提交',
        text: '商务经理会在 1 个工作日内联系您，进度可在「我的反馈」查看。',
        link: '查看我的反馈',
      }}
      request={() => ({
        type: 'merchant',
        title: `商务合作申请：${name.trim()}`,
        content: business.trim(),
        images: [],
        phone,
        ...(qq ? { qq } : {}),
      })}
    >
      <InputField
        label="称呼 / 公司名"
        value={name}
        onChange={setName}
        error={problems.name}
        maxlength={30}
        placeholder="如：王先生 / 某某工作室"
      />
      <ContactFields
        phone={phone}
        onPhone={setPhone}
        qq={qq}
        onQq={setQq}
        errors={problems}
        placeholder="方便商务经理联系您"
        labels={{ phone: '手机号', qq: 'QQ（选填）' }}
      />
      <AreaField
        label="合作内容"
        value={business}
        onChange={setBusiness}
        error={problems.business}
        maxlength={500}
        placeholder="您的业务（号商、工作室、渠道推广…）、经营的游戏和期望的合作方式"
      />
    </ProblemForm>
  )
}
