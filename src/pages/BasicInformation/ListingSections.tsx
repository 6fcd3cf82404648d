import { Text } from '@tarojs/components'
import ChoiceChips from '@/components/ChoiceChips'
import Field, { AreaField, ContactFields, InputField } from '@/components/Field'
import Hint from '@/components/Hint'
import ImageUploader from '@/components/ImageUploader'
import type { ConsignmentDetail, FeePreview } from '@/contract/consignment'
import type { RecyclePublishMode } from '@/contract/recycling'
import { formatPrice } from '@/contract/money'
import type { Draft, FormMode } from './draft'
import RentSection from './RentSection'

/** 竞价回收's publish modes: 官方代售+竞价回收 — whoever comes first, a buyer or a merchant's quote, ends the other. */
const PUBLISH_MODES: { value: RecyclePublishMode; label: string }[] = [
  { value: 'both', label: '官方代售+竞价回收' },
  { value: 'recycle', label: '只竞价回收' },
]

/** What selling needs beyond the account: price, texts, pictures, contact, credentials, payout. */
export default function ListingSections(props: {
  draft: Draft
  set: (patch: Partial<Draft>) => void
  mode: FormMode
  problems: Record<string, string>
  title: string
  description: string
  fee: FeePreview | null
  current: ConsignmentDetail['payout']
  password: string
  onPassword: (password: string) => void
  onBusy: (busy: boolean) => void
  /** 竞价回收: the windows allowed now and the one chosen. */
  windows: { value: string; label: string }[]
  windowMinutes: string
  /** 中介担保: the price the two parties agreed, not typed here. */
  agreedPrice?: number
}) {
  const { draft, set, mode, problems, title, description, fee, current, password, onPassword, onBusy } = props
  const { windows, windowMinutes } = props
  const recycle = mode === 'recycle'
  return (
    <>
      <Text className="basic-information__section">价格与描述</Text>
      {mode === 'escrow' ? (
        <Field label="成交价">
          <Text className="basic-information__fee">
            {props.agreedPrice === undefined ? '加载中…' : formatPrice(props.agreedPrice)}
            （双方约定；平台不收卖家佣金，买家另付担保服务费）
          </Text>
        </Field>
      ) : (
        <InputField
          label={recycle ? '底价（元）' : '价格（元）'}
          name={recycle ? '底价' : '价格'}
          value={draft.price}
          onChange={(price) => set({ price })}
          error={draft.price ? problems.price : ''}
          type="digit"
          maxlength={10}
          placeholder={recycle ? '低于底价的报价不能成交，号商看不到' : '买家看到的售价'}
        />
      )}
      {fee && (
        <Text className="basic-information__fee">
          平台佣金 {formatPrice(fee.commission)}（{fee.rateBps / 100}%，最低 {formatPrice(fee.min)}
          ），成交后到手 {formatPrice(fee.net)}
        </Text>
      )}
      {recycle && (
        <Field label="报价时长">
          <ChoiceChips
            label="报价时长"
            options={windows}
            value={windowMinutes}
            onChange={(windowMinutes) => set({ windowMinutes })}
          />
          <Text className="basic-information__fee">
            号商在报价时长内密封报价，互相看不到；截止后你有 24 小时从达到底价的报价中选择一个成交。
          </Text>
        </Field>
      )}
      {recycle && (
        <Field label="发布模式">
          <ChoiceChips
            label="发布模式"
            options={PUBLISH_MODES}
            value={draft.publishMode}
            onChange={(publishMode) => set({ publishMode })}
          />
        </Field>
      )}
      {recycle && draft.publishMode === 'both' && (
        <InputField
          label="代售价（元）"
          name="代售价"
          value={draft.salePrice}
          onChange={(salePrice) => set({ salePrice })}
          error={draft.salePrice ? problems.salePrice : ''}
          type="digit"
          maxlength={10}
          placeholder="同时上架代售（需审核），买家按此价购买"
        />
      )}
      <Field label="能否提供包赔材料">
        <ChoiceChips
          label="能否提供包赔材料"
          options={[
            { value: 'yes', label: '可以提供' },
            { value: 'no', label: '不能提供' },
          ]}
          value={draft.materials}
          onChange={(materials) => set({ materials })}
        />
      </Field>
      {mode === 'sell' && <RentSection draft={draft} set={set} problems={problems} />}
      <InputField
        label="标题"
        value={title}
        onChange={(value) => set({ title: value, titleEdited: true })}
        error={title ? problems.title : ''}
        maxlength={60}
        placeholder="按所选属性自动生成，可修改"
      />
      <AreaField
        label="描述（选填）"
        name="描述"
        value={description}
        onChange={(value) => set({ description: value, descriptionEdited: true })}
        maxlength={2000}
        placeholder="账号亮点、出售原因等"
      />
      <Field label="封面图" error={problems.cover}>
        <ImageUploader value={draft.cover} onChange={(cover) => set({ cover })} max={1} onBusyChange={onBusy} />
      </Field>
      <Field label="详情图（选填，最多 9 张）">
        <ImageUploader value={draft.images} onChange={(images) => set({ images })} max={9} onBusyChange={onBusy} />
      </Field>
      <Text className="basic-information__section">联系方式</Text>
      <ContactFields
        phone={draft.phone}
        onPhone={(phone) => set({ phone })}
        qq={draft.qq}
        onQq={(qq) => set({ qq })}
        errors={{ phone: problems.phone, qq: problems.qq }}
        placeholder="只给客服看，至少填一项"
      />
      <InputField
        label="微信（选填）"
        name="微信"
        value={draft.weixin}
        onChange={(weixin) => set({ weixin })}
        maxlength={20}
        placeholder="只给客服看"
      />
      <Text className="basic-information__section">游戏账号</Text>
      <Hint>账号和密码加密保存，只在买家付款后移交或客服验号时查看，每次查看都有记录。</Hint>
      <InputField
        label="游戏账号"
        value={draft.account}
        onChange={(account) => set({ account })}
        maxlength={64}
        placeholder="登录游戏用的账号"
      />
      <InputField
        label="游戏密码"
        value={password}
        onChange={onPassword}
        maxlength={64}
        password
        placeholder="不会保存在本机"
      />
      <Text className="basic-information__section">收款账户</Text>
      {current && (
        <Hint>
          当前收款账户 {current.alipayAccount}（{current.name}），重新提交请再次填写。
        </Hint>
      )}
      <InputField
        label="收款支付宝账号"
        value={draft.alipayAccount}
        onChange={(alipayAccount) => set({ alipayAccount })}
        maxlength={100}
        placeholder="手机号或邮箱，成交后货款转入"
      />
      <InputField
        label="收款人姓名"
        value={draft.payeeName}
        onChange={(payeeName) => set({ payeeName })}
        maxlength={20}
        placeholder="须与实名认证的姓名一致"
      />
    </>
  )
}
