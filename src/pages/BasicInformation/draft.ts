import Taro from '@tarojs/taro'
import type { RegionNode, RentRule } from '@/contract/catalogue'
import type { AccountSource } from '@/contract/consignment'
import type { RecyclePublishMode } from '@/contract/recycling'

/** Everything typed so far, kept in storage per game so leaving and coming back loses nothing (no password). */
export interface Draft {
  region: RegionNode[]
  source: AccountSource
  attributes: Record<string, string | string[]>
  phone: string
  qq: string
  weixin: string
  price: string
  materials: 'yes' | 'no'
  title: string
  /** The seller wrote their own title (else it follows the attributes). */
  titleEdited: boolean
  description: string
  /** The same for the description. */
  descriptionEdited: boolean
  cover: string[]
  images: string[]
  account: string
  alipayAccount: string
  payeeName: string
  /** 竞价回收: how long merchants may quote, minutes. */
  windowMinutes: string
  /** 竞价回收: only to merchants, or listed for sale as well (官方代售+竞价回收) at `salePrice`. */
  publishMode: RecyclePublishMode
  salePrice: string
  /** 同时出租: the rent terms as typed (yuan, hours) and the owner's rules. */
  rentOn: boolean
  rentHourly: string
  rentDaily: string
  rentDeposit: string
  rentMinHours: string
  rentMaxHours: string
  rentRules: RentRule[]
}

export const EMPTY: Draft = {
  region: [],
  source: 'self_registered',
  attributes: {},
  phone: '',
  qq: '',
  weixin: '',
  price: '',
  materials: 'yes',
  title: '',
  titleEdited: false,
  description: '',
  descriptionEdited: false,
  cover: [],
  images: [],
  account: '',
  alipayAccount: '',
  payeeName: '',
  windowMinutes: '1440',
  publishMode: 'recycle',
  salePrice: '',
  rentOn: false,
  rentHourly: '',
  rentDaily: '',
  rentDeposit: '',
  rentMinHours: '1',
  rentMaxHours: '72',
  rentRules: ['logout_on_time'],
}

/** 基本信息 lists an account for sale; 竞价回收 offers it to merchants; 估价 only asks what it is worth. */
export type FormMode = 'sell' | 'recycle' | 'appraise' | 'escrow'

/** A new listing's draft per game; an edit's per listing; a recycling request's and an appraisal's apart. */
export const draftKey = (mode: FormMode, gameId: number, editing: number | null = null) =>
  mode !== 'sell' ? `${mode}Draft:${gameId}` : editing ? `sellDraft:${gameId}:${editing}` : `sellDraft:${gameId}`

/** Starts a form's draft from what is already known (an appraisal's answers), keeping what was typed before. */
export function prefillDraft(mode: FormMode, gameId: number, patch: Partial<Draft>): void {
  const key = draftKey(mode, gameId)
  Taro.setStorageSync(key, { ...(Taro.getStorageSync(key) || {}), ...patch })
}
