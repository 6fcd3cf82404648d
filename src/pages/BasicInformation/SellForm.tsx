import { sellFormFields } from '@/contract/attributes'
import { useEffect, useState } from 'react'
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { fetchTemplate } from '@/api/catalogue'
import { createConsignment, fetchConsignment, previewFee, resubmitConsignment } from '@/api/consignment'
import { enterEscrowListing, fetchEscrowTicket } from '@/api/escrowTickets'
import { appraiseAccount } from '@/api/appraisals'
import { fetchRecycleTerms, publishRecycle } from '@/api/recycling'
import { ApiError, toastError } from '@/api/request'
import ChoiceChips from '@/components/ChoiceChips'
import EmptyState from '@/components/EmptyState'
import Field, { AreaField, InputField } from '@/components/Field'
import Hint from '@/components/Hint'
import ImageUploader from '@/components/ImageUploader'
import RegionCascade, { REGION_LEVELS, regionLabel } from '@/components/RegionCascade'
import Skeleton from '@/components/Skeleton'
import SubmitBar from '@/components/SubmitBar'
import type { AttributeField, AttributeTemplate, Game, RentRule } from '@/contract/catalogue'
import type { ConsignmentDetail, ConsignmentRequest, FeePreview } from '@/contract/consignment'
import type { EscrowTicket } from '@/contract/escrowTickets'
import type { RecycleTerms } from '@/contract/recycling'
import { PRICE_BOUNDS } from '@/contract/constants'
import { fenToYuan, formatPrice, yuanToFen } from '@/contract/money'
import { checkOptionalQq } from '@/contract/validation'
import MainShell from '@/layouts/MainShell'
import { openPage, replacePage, usePageParams } from '@/navigation'
import { useRequireLogin } from '@/session'
import { useAppState } from '@/store'
import { checkLength, checkOptionalPhone, firstProblem } from '@/utils/forms'
import { allGames } from '@/utils/games'
import AttributeInput from './AttributeInput'
import { draftKey, EMPTY, type Draft, type FormMode } from './draft'
import ListingSections from './ListingSections'
import { rentOffer, rentProblems } from './RentSection'
import './index.scss'
import { showDialog } from '@/utils/dialog'

/**
 * The selling form of one game (`gameId` in the address): step 1 where it plays, step 2 what it is, its price
 * and how to pay. 基本信息 lists it for sale (or resubmits listing `id`); 竞价回收 offers it to merchants
 * instead — the price becomes the reserve they never see, with a bidding window; 估价 asks only what the
 * account is (no price, credentials or payout) and answers with what accounts like it sold for.
 */
export default function SellForm({ mode }: { mode: FormMode }) {
  const recycle = mode === 'recycle'
  const signedIn = useRequireLogin()
  const params = usePageParams()
  const gameId = Number(params.gameId)
  const valid = Number.isInteger(gameId) && gameId > 0
  // 编辑重提 from 我的代售: the same form resubmits that listing.
  const editing = mode === 'sell' && Number(params.id) > 0 ? Number(params.id) : null
  const [game, setGame] = useState<Game | null | 'missing'>(null)
  const [template, setTemplate] = useState<AttributeTemplate | null>(null)
  useEffect(() => {
    if (!valid) return
    allGames().then(
      (games) => setGame(games.find((g) => g.id === gameId) ?? 'missing'),
      () => setGame('missing'),
    )
    fetchTemplate(gameId).then(
      (r) => setTemplate(r.data),
      () => setTemplate({ gameId, version: 0, fields: [] }),
    )
  }, [gameId, valid])

  if (!signedIn) return <MainShell>{null}</MainShell>
  return (
    <MainShell>
      {!valid || game === 'missing' ? (
        <EmptyState
          text={`请先选择要${{ sell: '卖', recycle: '回收', appraise: '估价', escrow: '担保' }[mode]}的游戏`}
          action={{
            label: '去选择',
            onClick: () =>
              mode === 'escrow'
                ? openPage('security')
                : openPage(recycle ? 'sale' : 'sell', mode === 'appraise' ? { mode } : undefined),
          }}
        />
      ) : game && template ? (
        <ListingForm game={game} fields={sellFormFields(template.fields)} editing={editing} mode={mode} />
      ) : (
        <Skeleton className="basic-information__skeleton" />
      )}
    </MainShell>
  )
}

/** 竞价回收's usual bidding windows (minutes). */
const WINDOWS = [60, 360, 1440, 4320]

/** The windows a request may have now: the usual ones within the terms, and the operators' shortest. */
function windowChoices(terms: RecycleTerms): { value: string; label: string }[] {
  const minutes = [...new Set([terms.minWindowMinutes, ...WINDOWS])]
    .filter((m) => m >= terms.minWindowMinutes && m <= terms.maxWindowMinutes)
    .sort((a, b) => a - b)
  return minutes.map((m) => ({ value: String(m), label: m % 60 ? `${m} 分钟` : `${m / 60} 小时` }))
}

function ListingForm(props: { game: Game; fields: AttributeField[]; editing: number | null; mode: FormMode }) {
  const { game, fields, editing, mode } = props
  const recycle = mode === 'recycle'
  // 中介担保: the account of a ticket, at the price the two parties agreed (no commission).
  const escrow = mode === 'escrow'
  const ticketId = Number(usePageParams().ticketId)
  const [ticket, setTicket] = useState<EscrowTicket | null>(null)
  useEffect(() => {
    if (!escrow) return
    fetchEscrowTicket(ticketId).then(
      (r) => setTicket(r.data),
      (error) => toastError(error, '担保单加载失败'),
    )
  }, [escrow, ticketId])
  // An appraisal asks what the account is, nothing about selling it.
  const listing = mode !== 'appraise'
  const profile = useAppState((s) => s.profile)
  const key = draftKey(mode, game.id, editing)
  const [draft, setDraft] = useState<Draft>(() => ({ ...EMPTY, ...(Taro.getStorageSync(key) || {}) }))
  const [current, setCurrent] = useState<ConsignmentDetail['payout']>(null)
  const [step, setStep] = useState<1 | 2>(1)
  const [picking, setPicking] = useState(false)
  const [password, setPassword] = useState('')
  const [fee, setFee] = useState<FeePreview | null>(null)
  const [terms, setTerms] = useState<RecycleTerms | null>(null)
  const [uploading, setUploading] = useState(false)
  const [saving, setSaving] = useState(false)
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }))

  useEffect(() => {
    Taro.setStorageSync(key, draft)
  }, [draft, key])

  // 竞价回收: the windows the operators allow now.
  useEffect(() => {
    if (!recycle) return
    fetchRecycleTerms().then(
      (r) => setTerms(r.data),
      (error) => toastError(error, '报价时长加载失败'),
    )
  }, [recycle])
  const windows = terms ? windowChoices(terms) : []
  // A window kept from before that the terms no longer allow gives way to their default.
  const windowMinutes = windows.some((w) => w.value === draft.windowMinutes)
    ? draft.windowMinutes
    : String(terms?.defaultWindowMinutes ?? '')

  // 编辑重提: the listing as it is, unless an edit of it was already under way here.
  useEffect(() => {
    if (!editing) return
    fetchConsignment(editing).then(
      ({ data }) => {
        setCurrent(data.payout)
        if (Taro.getStorageSync(key)?.title) return
        setDraft((d) => ({
          ...d,
          region: data.regions,
          source: data.accountSource,
          attributes: Object.fromEntries(
            Object.entries(data.attributes).map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : String(v)]),
          ),
          phone: data.contact.phone ?? '',
          qq: data.contact.qq ?? '',
          weixin: data.contact.weixin ?? '',
          price: fenToYuan(data.price),
          materials: data.guaranteeMaterials ? 'yes' : 'no',
          title: data.title,
          titleEdited: true,
          description: data.description,
          descriptionEdited: true,
          cover: data.coverImage ? [data.coverImage] : [],
          images: data.images,
          ...(data.rent
            ? {
                rentOn: true,
                rentHourly: fenToYuan(data.rent.hourly),
                rentDaily: fenToYuan(data.rent.daily),
                rentDeposit: fenToYuan(data.rent.deposit),
                rentMinHours: String(data.rent.minHours),
                rentMaxHours: String(data.rent.maxHours),
                rentRules: data.rent.rules as RentRule[],
              }
            : {}),
        }))
      },
      (error) => toastError(error, '商品加载失败'),
    )
  }, [editing, key])

  // The fee the seller will pay, from the server's settings, as the price is typed.
  const fen = escrow ? ticket?.agreedPrice : yuanToFen(draft.price)
  useEffect(() => {
    if (!listing || escrow || fen === undefined || fen < 100) return
    const timer = setTimeout(
      () =>
        previewFee(fen).then(
          (r) => setFee(r.data),
          () => undefined,
        ),
      300,
    )
    return () => clearTimeout(timer)
  }, [fen, listing, escrow])
  const shownFee = fee && fee.price === fen ? fee : null

  // A title from what the account is, until the seller writes their own.
  const suggested = [
    draft.region.map((n) => n.name).join(''),
    ...fields
      .filter((f) => f.type === 'radio' && typeof draft.attributes[f.key] === 'string')
      .map((f) => f.options.find((o) => o.id === draft.attributes[f.key])?.label ?? ''),
    ...fields
      .filter((f) => f.type === 'number' && draft.attributes[f.key])
      .map((f) => `${draft.attributes[f.key]}${f.unit || f.label}`),
  ]
    .filter(Boolean)
    .join(' ')
  const title = draft.titleEdited ? draft.title : suggested
  // A description listing the attributes given, one per line, until the seller writes their own.
  const described = fields
    .map((f) => {
      const value = draft.attributes[f.key]
      const shown = Array.isArray(value)
        ? value.map((id) => f.options.find((o) => o.id === id)?.label ?? id).join('、')
        : f.type === 'radio'
          ? (f.options.find((o) => o.id === value)?.label ?? '')
          : value && f.type === 'number'
            ? `${value}${f.unit}`
            : (value ?? '')
      return shown ? `${f.label}：${shown}` : ''
    })
    .filter(Boolean)
    .join('\n')
  const description = draft.descriptionEdited ? draft.description : described

  const levels = REGION_LEVELS[game.type]
  const outOfBounds = (value: number | undefined) =>
    value === undefined || value < PRICE_BOUNDS.min || value > PRICE_BOUNDS.max
  const badPrice = outOfBounds(fen)
  const boundsRule = (name: string) => `请输入 1–1,000,000 元之间的${name}，最多两位小数`
  const priceRule = boundsRule({ sell: '价格', recycle: '底价', appraise: '心理价位', escrow: '成交价' }[mode])
  // 官方代售+竞价回收 lists the account at its own price as well.
  const consign = recycle && draft.publishMode === 'both'
  const saleFen = yuanToFen(draft.salePrice)
  const account: Record<string, string> = {
    region: draft.region.length === 2 ? '' : `请选择${levels[0]}和${levels[1]}`,
    ...Object.fromEntries(
      fields.map((f) => {
        const value = draft.attributes[f.key]
        const empty = value === undefined || value === '' || (Array.isArray(value) && value.length === 0)
        if (empty) return [f.key, f.required ? `请填写${f.label}` : '']
        if (f.type === 'number' && !/^\d+$/.test(String(value))) return [f.key, `${f.label}须为整数`]
        return [f.key, '']
      }),
    ),
  }
  const problems: Record<string, string> = !listing
    ? { ...account, price: draft.price && badPrice ? priceRule : '' }
    : {
        ...account,
        contact: draft.phone || draft.qq || draft.weixin ? '' : '请至少填写一种联系方式',
        phone: checkOptionalPhone(draft.phone),
        qq: checkOptionalQq(draft.qq),
        price: badPrice
          ? priceRule
          : shownFee && shownFee.net <= 0
            ? `${recycle ? '底价' : '售价'}须高于最低佣金 ${formatPrice(shownFee.min)}，否则扣除佣金后到手为 ¥0`
            : '',
        salePrice: consign && outOfBounds(saleFen) ? boundsRule('代售价') : '',
        windowMinutes: recycle && !windowMinutes ? '请选择报价时长' : '',
        title: checkLength(title, '标题', 5, 60),
        cover: draft.cover.length ? '' : '请上传封面图',
        account: editing && !draft.account && !password ? '' : checkLength(draft.account, '游戏账号', 1, 64),
        // Editing keeps the credentials on file unless new ones are given.
        password: password || (editing && !draft.account) ? '' : '请填写游戏密码',
        alipayAccount: draft.alipayAccount ? '' : '请填写收款支付宝账号',
        payeeName: draft.payeeName ? '' : '请填写收款人姓名（须与实名认证一致）',
        ...(mode === 'sell' ? rentProblems(draft) : {}),
      }

  const request = (): ConsignmentRequest => ({
    gameId: game.id,
    regionIds: draft.region.map((n) => n.id),
    title: title.trim(),
    description: description.trim(),
    price: fen!,
    coverImage: draft.cover[0],
    images: draft.images,
    attributes: Object.fromEntries(
      Object.entries(draft.attributes)
        .filter(([, v]) => v !== '' && !(Array.isArray(v) && v.length === 0))
        .map(([key, v]) => [key, fields.find((f) => f.key === key)?.type === 'number' ? Number(v) : v]),
    ),
    accountSource: draft.source,
    guaranteeMaterials: draft.materials === 'yes',
    contact: {
      ...(draft.phone ? { phone: draft.phone } : {}),
      ...(draft.qq ? { qq: draft.qq } : {}),
      ...(draft.weixin ? { weixin: draft.weixin } : {}),
    },
    ...(draft.account || password ? { credentials: { account: draft.account.trim(), password } } : {}),
    payout: { alipayAccount: draft.alipayAccount.trim(), name: draft.payeeName.trim() },
    ...(mode === 'sell' ? { rent: rentOffer(draft) } : {}),
  })

  const submit = async () => {
    setSaving(true)
    try {
      if (!listing) {
        const { gameId, regionIds, attributes, images } = request()
        const { data } = await appraiseAccount({
          mode: 'appraise',
          gameId,
          regionIds,
          attributes,
          images,
          ...(draft.descriptionEdited && draft.description.trim() ? { description: draft.description.trim() } : {}),
          ...(fen ? { expectedPrice: fen } : {}),
        })
        Taro.removeStorageSync(key)
        await replacePage('commit', { id: data.id })
        return
      }
      if (escrow) {
        await enterEscrowListing(ticketId, request())
        Taro.removeStorageSync(key)
        void Taro.showToast({ title: '已提交，等待买家确认', icon: 'none' })
        await replacePage('escrowTicket', { id: ticketId })
        return
      }
      if (recycle) {
        const { price, ...account } = request()
        await publishRecycle({
          mode: 'recycle',
          publishMode: draft.publishMode,
          ...(consign ? { price: saleFen } : {}),
          ...account,
          credentials: account.credentials!,
          reservePrice: price,
          windowMinutes: Number(windowMinutes),
        })
        Taro.removeStorageSync(key)
        void Taro.showToast({
          title: consign ? '已发布，代售审核中，号商开始报价' : '已发布，号商开始报价',
          icon: 'none',
        })
        await replacePage('myJingjiahuishou')
        return
      }
      const status = editing
        ? (await resubmitConsignment(editing, request())).data.status
        : (await createConsignment(request())).data.status
      Taro.removeStorageSync(key)
      void Taro.showToast({ title: status === 'on_sale' ? '已上架出售' : '已提交，等待审核', icon: 'none' })
      await replacePage('Mybrowsing')
    } catch (error) {
      if (error instanceof ApiError && error.code === 403) {
        const { confirm } = await showDialog({
          title: '需要实名认证',
          content: `${recycle ? '发布竞价回收' : escrow ? '录入担保账号' : '发布商品'}需要先完成实名认证，认证后回到这里继续提交（已填写的内容会保留）。`,
          confirmText: '去认证',
        })
        if (confirm) await openPage('Realname')
      } else toastError(error, '提交失败，请重试')
    } finally {
      setSaving(false)
    }
  }

  if (step === 1) {
    return (
      <View className="basic-information">
        <Text className="basic-information__step">第 1 步 / 共 2 步 · {game.name}</Text>
        {listing && profile && profile.realNameStatus !== 'verified' && (
          <Hint>
            发布商品需要先完成实名认证。
            <Text className="basic-information__link" onClick={() => openPage('Realname')}>
              去认证 ›
            </Text>
          </Hint>
        )}
        <Field label={`${levels[0]} / ${levels[1]}`} error={draft.region.length ? problems.region : ''}>
          <View
            className="basic-information__picker"
            role="button"
            aria-label="选择区服"
            onClick={() => setPicking(true)}
          >
            <Text className={draft.region.length ? '' : 'basic-information__placeholder'}>
              {draft.region.length ? regionLabel(draft.region, game.type) : `选择${levels[0]}和${levels[1]}`}
            </Text>
          </View>
        </Field>
        {listing && (
          <Field label="账号来源">
            <ChoiceChips
              label="账号来源"
              options={[
                { value: 'self_registered', label: '自己注册' },
                { value: 'other_registered', label: '他人注册' },
              ]}
              value={draft.source}
              onChange={(source) => set({ source })}
            />
          </Field>
        )}
        <SubmitBar disabled={Boolean(problems.region)} onClick={() => setStep(2)}>
          下一步
        </SubmitBar>
        {picking && (
          <RegionCascade
            gameId={game.id}
            gameType={game.type}
            value={draft.region}
            complete
            onChange={(region) => {
              set({ region })
              if (region.length === 2) setPicking(false)
            }}
            onClose={() => setPicking(false)}
          />
        )}
      </View>
    )
  }

  return (
    <View className="basic-information">
      <View className="basic-information__back" role="button" onClick={() => setStep(1)}>
        <Text>‹ 第 2 步 / 共 2 步 · {regionLabel(draft.region, game.type)}</Text>
      </View>
      <Text className="basic-information__section">账号属性</Text>
      {fields.map((f) => (
        <AttributeInput
          key={f.key}
          field={f}
          value={draft.attributes[f.key]}
          error={problems[f.key]}
          onChange={(value) => set({ attributes: { ...draft.attributes, [f.key]: value } })}
        />
      ))}
      {listing ? (
        <ListingSections
          draft={draft}
          set={set}
          mode={mode}
          problems={problems}
          title={title}
          description={description}
          fee={shownFee}
          agreedPrice={ticket?.agreedPrice}
          current={current}
          password={password}
          onPassword={setPassword}
          onBusy={setUploading}
          windows={windows}
          windowMinutes={windowMinutes}
        />
      ) : (
        <>
          <Text className="basic-information__section">补充信息（选填）</Text>
          <InputField
            label="心理价位（元）"
            name="心理价位"
            value={draft.price}
            onChange={(price) => set({ price })}
            error={problems.price}
            type="digit"
            maxlength={10}
            placeholder="只作参考，不影响估价结果"
          />
          <AreaField
            label="补充说明"
            name="补充说明"
            value={draft.descriptionEdited ? draft.description : ''}
            onChange={(value) => set({ description: value, descriptionEdited: true })}
            maxlength={2000}
            placeholder="属性之外的亮点，人工估价时参考"
          />
          <Field label="账号截图（最多 9 张）">
            <ImageUploader
              value={draft.images}
              onChange={(images) => set({ images })}
              max={9}
              onBusyChange={setUploading}
            />
          </Field>
          <Hint>按近 180 天本平台同类账号的成交价即时估价；同类成交不足 5 笔时转人工估价，结果会通知你。</Hint>
        </>
      )}
      <SubmitBar disabled={Boolean(firstProblem(problems)) || uploading} loading={saving} onClick={() => void submit()}>
        {{ sell: '提交审核', recycle: '发布竞价回收', appraise: '立即估价', escrow: '提交账号信息' }[mode]}
      </SubmitBar>
    </View>
  )
}
