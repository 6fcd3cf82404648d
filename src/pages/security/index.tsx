import { useEffect, useState } from 'react'
import { Picker, Text, View } from '@tarojs/components'
import { listContacts } from '@/api/trust'
import ContactCard from '@/components/ContactCard'
import Field, { AreaField, ContactFields, InputField } from '@/components/Field'
import NoticeArticle from '@/components/NoticeArticle'
import Panel from '@/components/Panel'
import SignInPrompt from '@/components/SignInPrompt'
import Skeleton from '@/components/Skeleton'
import type { Game } from '@/contract/catalogue'
import type { ServiceContact } from '@/contract/trust'
import MainShell from '@/layouts/MainShell'
import { openPage, usePageParams } from '@/navigation'
import { useAppState } from '@/store'
import { fetchEscrowTickets, openEscrowTicket } from '@/api/escrowTickets'
import { toastError } from '@/api/request'
import ChoiceChips from '@/components/ChoiceChips'
import { LoadFailed } from '@/components/EmptyState'
import SubmitBar from '@/components/SubmitBar'
import { ESCROW_TICKET_STATUS_LABELS } from '@/contract/constants'
import type { EscrowRole } from '@/contract/escrowTickets'
import { useDidShow } from '@tarojs/taro'
import { formatTime } from '@/utils/time'
import { useScrollPageTo } from '@/utils/scroll'
import { useRecord } from '@/utils/useRecord'
import { checkOptionalQq } from '@/contract/validation'
import { checkLength, checkOptionalPhone, firstProblem } from '@/utils/forms'
import { allGames } from '@/utils/games'
import { formatPrice, yuanToFen } from '@/contract/money'
import './index.scss'

/** The highest price an escrow request may state (¥1,000,000), in fen. */
const MAX_ESCROW_PRICE = 100_000_000

/**
 * 中介担保: the escrow explanation with its fee table (a notice), the escrow staff, the form that opens a ticket
 * for a deal agreed elsewhere, and my tickets. Opened with `at=tickets` (注销账号's 担保单 obstacle), the page scrolls
 * down to my tickets once they are shown.
 */
export default function SecurityPage() {
  const signedIn = useAppState((s) => Boolean(s.token))
  const scrollToTickets = usePageParams().at === 'tickets'
  return (
    <MainShell>
      <NoticeArticle source={{ type: 'zjdb' }} />
      <View className="security">
        <Text className="security__title">担保客服</Text>
        <EscrowStaff />
      </View>
      <View className="security__request">
        <Panel title="发起中介担保">
          {signedIn ? <EscrowForm /> : <SignInPrompt text="登录后即可在线发起担保，资金由平台托管" />}
        </Panel>
        {signedIn && (
          <View id="security-tickets">
            <Panel title="我的担保单">
              <MyTickets scrollHere={scrollToTickets} />
            </Panel>
          </View>
        )}
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

const ROLES = [
  { value: 'buyer' as const, label: '我是买方' },
  { value: 'seller' as const, label: '我是卖方' },
]

/** 发起担保: the deal as agreed, and who the other party is; the ticket's page then has the code to send them. */
function EscrowForm() {
  const [games, setGames] = useState<Game[]>([])
  const [game, setGame] = useState<Game | null>(null)
  const [role, setRole] = useState<EscrowRole>('buyer')
  const [price, setPrice] = useState('')
  const [otherPhone, setOtherPhone] = useState('')
  const [otherQq, setOtherQq] = useState('')
  const [description, setDescription] = useState('')
  const [saving, setSaving] = useState(false)

  useEffect(() => {
    allGames().then(setGames, () => setGames([]))
  }, [])

  const fen = yuanToFen(price)
  const problems = {
    game: game ? '' : '请选择游戏',
    price: !price
      ? '请填写成交价格'
      : fen === undefined || fen < 100
        ? '请输入正确的金额（至少 ¥1），最多两位小数'
        : fen > MAX_ESCROW_PRICE
          ? `成交价格不能超过 ${formatPrice(MAX_ESCROW_PRICE)}`
          : '',
    otherPhone: checkOptionalPhone(otherPhone),
    otherQq: checkOptionalQq(otherQq),
    other: otherPhone && otherQq ? '对方手机号和 QQ 只填一项' : otherPhone || otherQq ? '' : '请填写对方的手机号或 QQ',
    description: checkLength(description, '交易说明', 5, 500),
  }
  const problem = firstProblem(problems)

  const submit = async () => {
    if (!game || fen === undefined) return
    setSaving(true)
    try {
      const { data } = await openEscrowTicket({
        gameId: game.id,
        description: description.trim(),
        agreedPrice: fen,
        counterparty: otherPhone ? { phone: otherPhone } : { qq: otherQq },
        role,
      })
      await openPage('escrowTicket', { id: data.id })
    } catch (error) {
      toastError(error, '发起失败，请重试')
    } finally {
      setSaving(false)
    }
  }

  return (
    <View>
      <Field label="我的身份">
        <ChoiceChips label="我的身份" options={ROLES} value={role} onChange={setRole} />
      </Field>
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
        label="成交价格（元）"
        name="成交价格"
        value={price}
        onChange={setPrice}
        error={price ? problems.price : ''}
        type="digit"
        maxlength={10}
        placeholder="双方谈好的价格"
      />
      <ContactFields
        phone={otherPhone}
        onPhone={setOtherPhone}
        qq={otherQq}
        onQq={setOtherQq}
        errors={{ phone: problems.otherPhone, qq: problems.otherQq || (otherPhone && otherQq ? problems.other : '') }}
        placeholder="手机号与 QQ 二选一"
        labels={{ phone: '对方手机号', qq: '对方 QQ' }}
      />
      <AreaField
        label="交易说明"
        value={description}
        onChange={setDescription}
        error={description ? problems.description : ''}
        maxlength={500}
        placeholder="账号的区服、段位、皮肤等双方谈好的内容，至少 5 个字"
      />
      <SubmitBar fixed={false} disabled={Boolean(problem)} loading={saving} onClick={() => void submit()}>
        发起担保
      </SubmitBar>
    </View>
  )
}

/** 我的担保单: each with its state, opening its page; with `scrollHere`, the page scrolls to them once shown. */
function MyTickets({ scrollHere }: { scrollHere: boolean }) {
  const { item: tickets, failed, reload } = useRecord(fetchEscrowTickets, '担保单加载失败')
  useDidShow(reload)
  const shown = tickets !== null
  const scrollPageTo = useScrollPageTo()
  useEffect(() => {
    if (scrollHere && shown) scrollPageTo('#security-tickets')
  }, [scrollHere, shown, scrollPageTo])
  if (failed) return <LoadFailed failure={failed} onRetry={reload} />
  if (!tickets) return <Skeleton className="security__staff-skeleton" />
  if (tickets.length === 0) return <Text className="security__empty">还没有担保单</Text>
  return (
    <View className="security__tickets">
      {tickets.map((ticket) => (
        <View
          key={ticket.id}
          className="security__ticket"
          role="link"
          aria-label={`担保单 ${ticket.gameName} ${formatPrice(ticket.agreedPrice)}`}
          onClick={() => openPage('escrowTicket', { id: ticket.id })}
        >
          <View className="security__ticket-main">
            <Text className="security__ticket-title">
              {ticket.gameName} · {formatPrice(ticket.agreedPrice)}
            </Text>
            <Text className="security__ticket-meta">
              {ticket.role === 'buyer' ? '我是买方' : '我是卖方'} · {formatTime(ticket.createdAt)}
            </Text>
          </View>
          <Text className={`security__ticket-status security__ticket-status--${ticket.status}`}>
            {ESCROW_TICKET_STATUS_LABELS[ticket.status]} ›
          </Text>
        </View>
      ))}
    </View>
  )
}
