import { useEffect, useState } from 'react'
import { Picker, Text, View } from '@tarojs/components'
import { listContacts } from '@/api/trust'
import ContactCard from '@/components/ContactCard'
import Field, { AreaField, ContactFields, InputField, PHONE_INPUT } from '@/components/Field'
import NoticeArticle from '@/components/NoticeArticle'
import Panel from '@/components/Panel'
import SignInPrompt from '@/components/SignInPrompt'
import Skeleton from '@/components/Skeleton'
import ProblemForm from '@/components/ProblemForm'
import type { Game } from '@/contract/catalogue'
import type { ServiceContact } from '@/contract/trust'
import MainShell from '@/layouts/MainShell'
import { openPage } from '@/navigation'
import { useAppState } from '@/store'
import { checkOptionalQq } from '@/contract/validation'
import { checkLength, checkOptionalPhone } from '@/utils/forms'
import { allGames } from '@/utils/games'
import { formatPrice, yuanToFen } from '@/contract/money'
import './index.scss'

/** The highest price an escrow request may state (¥1,000,000), in fen. */
const MAX_ESCROW_PRICE = 100_000_000

/** 中介担保: the escrow explanation with its fee table (a notice), the escrow staff, and the request form. */
export default function SecurityPage() {
  const signedIn = useAppState((s) => Boolean(s.token))
  return (
    <MainShell>
      <NoticeArticle source={{ type: 'zjdb' }} />
      <View className="security">
        <Text className="security__title">担保客服</Text>
        <EscrowStaff />
      </View>
      <View className="security__request">
        <Panel title="申请中介担保">
          {signedIn ? <EscrowForm /> : <SignInPrompt text="登录后即可在线发起担保申请" />}
        </Panel>
      </View>
    </MainShell>
  )
}

function EscrowStaff() {
  const [contacts, setContacts] = useState<ServiceContact[] | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    listContacts({ kind: 'guarantee' }).then(
      (result) => setContacts(result.data),
      () => setFailed(true),
    )
  }, [])
  if (failed || contacts?.length === 0) {
    return (
      <View className="security__staff-fallback" role="link" onClick={() => openPage('contactkefu')}>
        <Text>{failed ? '担保客服加载失败，' : ''}请到「联系客服」查看全部客服 ›</Text>
      </View>
    )
  }
  if (contacts === null) return <Skeleton className="security__staff-skeleton" />
  return (
    <View>
      {contacts.map((contact) => (
        <ContactCard key={contact.id} contact={contact} />
      ))}
    </View>
  )
}

function EscrowForm() {
  const profile = useAppState((s) => s.profile)
  const [games, setGames] = useState<Game[]>([])
  const [game, setGame] = useState<Game | null>(null)
  const [account, setAccount] = useState('')
  const [price, setPrice] = useState('')
  const [otherPhone, setOtherPhone] = useState('')
  const [otherQq, setOtherQq] = useState('')
  const [phone, setPhone] = useState(profile?.phone ?? '')
  const [note, setNote] = useState('')

  useEffect(() => {
    allGames().then(setGames, () => setGames([]))
  }, [])

  const fen = yuanToFen(price)
  const problems = {
    game: game ? '' : '请选择游戏',
    account: checkLength(account, '游戏账号', 1, 64),
    price: !price
      ? '请填写成交价格'
      : fen === undefined || fen <= 0
        ? '请输入正确的金额，最多两位小数'
        : fen > MAX_ESCROW_PRICE
          ? `成交价格不能超过 ${formatPrice(MAX_ESCROW_PRICE)}`
          : '',
    otherPhone: checkOptionalPhone(otherPhone),
    otherQq: checkOptionalQq(otherQq),
    other: otherPhone || otherQq ? '' : '请至少填写对方的手机号或 QQ',
    phone: checkOptionalPhone(phone),
  }

  return (
    <ProblemForm
      problems={problems}
      fixed={false}
      submitText="提交担保申请"
      sent={{
        title: '担保申请已提交',
        text: '担保客服会尽快联系您和对方，拉群确认交易细节。请只通过上方的官方客服沟通。',
        link: '查看申请进度',
      }}
      request={() =>
        game && fen !== undefined
          ? {
              type: 'escrow',
              title: `中介担保：${game.name} ${account.trim()}`,
              content: note.trim() || `申请中介担保：${game.name} 账号 ${account.trim()}，成交价 ${formatPrice(fen)}`,
              images: [],
              ...(phone ? { phone } : {}),
              escrow: {
                gameId: game.id,
                account: account.trim(),
                price: fen,
                ...(otherPhone ? { counterpartyPhone: otherPhone } : {}),
                ...(otherQq ? { counterpartyQq: otherQq } : {}),
              },
            }
          : null
      }
    >
      <Field label="游戏">
        <Picker
          mode="selector"
          range={games.map((g) => g.name)}
          value={Math.max(
            0,
            games.findIndex((g) => g.id === game?.id),
          )}
          onChange={(e) => setGame(games[Number(e.detail.value)] ?? null)}
        >
          <View className={`security__picker${game ? '' : ' security__picker--empty'}`} aria-label="选择游戏">
            <Text>{game?.name ?? '选择交易的游戏'}</Text>
          </View>
        </Picker>
      </Field>
      <InputField
        label="游戏账号"
        value={account}
        onChange={setAccount}
        error={problems.account}
        maxlength={64}
        placeholder="交易的游戏账号"
      />
      <InputField
        label="成交价格（元）"
        name="成交价格"
        value={price}
        onChange={setPrice}
        error={problems.price}
        type="digit"
        maxlength={10}
        placeholder="双方谈好的价格"
      />
      <ContactFields
        phone={otherPhone}
        onPhone={setOtherPhone}
        qq={otherQq}
        onQq={setOtherQq}
        errors={{ phone: problems.otherPhone, qq: problems.otherQq }}
        placeholder="手机号与 QQ 至少填一项"
        labels={{ phone: '对方手机号', qq: '对方 QQ' }}
      />
      <InputField
        label="您的手机号（选填）"
        name="您的手机号"
        value={phone}
        onChange={setPhone}
        error={problems.phone}
        {...PHONE_INPUT}
        placeholder="方便担保客服联系您"
      />
      <AreaField
        label="补充说明（选填）"
        name="补充说明"
        value={note}
        onChange={setNote}
        maxlength={300}
        placeholder="如交易的区服、是否包含装备等"
      />
    </ProblemForm>
  )
}
