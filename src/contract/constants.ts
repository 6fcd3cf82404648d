/**
 * The contract's plain values that the client uses at run time: labels of fixed lists and limits. With
 * validation, money and attributes, the only contract files the client may import as values — the others hold
 * TypeBox schemas and are imported as types (`import type`), so no schema code reaches the bundle. This file
 * imports none of them (they import it): a label map missing a value fails where it is indexed.
 */

/**
 * A filtered goods list counts at most this many matches (50 pages of 20: deeper than anyone scrolls with
 * filters on), which keeps the count a few milliseconds at a million listings; a total of exactly this
 * many means "this many or more". A list of a game alone has its exact total.
 */
export const LIST_TOTAL_CAP = 1_000

/** A capped total as a list says it: `1000+` at the cap. */
export const cappedTotal = (total: number): string => (total >= LIST_TOTAL_CAP ? `${LIST_TOTAL_CAP}+` : String(total))

export const ORDER_STATUS_LABELS = {
  pending_payment: '待支付',
  paid: '交易中',
  handed_over: '待确认收货',
  completed: '交易成功',
  cancelled: '已取消',
  refunded: '已退款',
  disputed: '售后中',
}

/** The order statuses in which its 交易群 is open: from payment on. */
export const DEAL_ROOM_STATUSES = ['paid', 'handed_over', 'completed', 'refunded', 'disputed'] as const

/** What each 交易群 card says happened (an order event). */
export const DEAL_CARD_TEXT = {
  pay: '买家已付款，等待客服验号移交',
  payBalance: '尾款已付清，等待客服验号移交',
  handOver: '客服已移交账号，请买家验号后确认收货',
  confirm: '买家已确认收货，交易完成',
  refund: '订单已退款',
  aftersaleOpen: '买家申请售后，卖家货款已冻结',
  aftersaleReply: '卖家已回复售后',
  aftersaleEscalate: '卖家未在时限内回复，售后已转平台处理',
  aftersaleDecide: '平台已处理售后',
  rentalStart: '租客已付款，租号开始：租客在租号详情查看账号',
  rentalRenew: '租客已续租，到期时间顺延',
  rentalReturn: '账号已归还，请号主修改密码并验号',
  rentalComplain: '租号被投诉，客服将核实处理',
  rentalSettle: '租号已结算',
}

/** 申请售后: the bounds of a description or a reply (characters after trimming) and of its pictures. */
export const AFTERSALE_LIMITS = { text: { min: 5, max: 500 }, images: 6 }

/** How long a seller has to answer a case, and staff to decide one once it is theirs (hours). */
export const AFTERSALE_HOURS = { seller: 48, staff: 24 }

export const AFTERSALE_REASON_LABELS = {
  not_as_described: '与描述不符',
  recovered: '账号被找回',
  banned: '账号被封',
  other: '其他',
}

export const AFTERSALE_STATUS_LABELS = {
  awaiting_seller: '待卖家回复',
  awaiting_staff: '待平台处理',
  decided: '已处理',
}

export const AFTERSALE_OUTCOME_LABELS = {
  refund_full: '全额退款',
  refund_partial: '部分退款',
  reject: '驳回',
}

export const GUARANTEE_LABELS = {
  retrieval: '找回包赔',
  face: '人脸包赔',
  none: '不需要包赔',
}

/** The payment channels by name, as the buyer reads them on the choice and in its refusals. */
export const PAY_CHANNEL_LABELS = {
  alipay: '支付宝',
  wechat: '微信支付',
}

/** The bounds of a feedback (fankui, suggest): characters after trimming, and pictures. */
export const FEEDBACK_LIMITS = {
  title: { min: 2, max: 50 },
  content: { min: 5, max: 1000 },
  images: 6,
} as const

/** A listing's price, a reserve and a quote: ¥1 – ¥1,000,000, in fen. */
export const PRICE_BOUNDS = { min: 100, max: 100_000_000 } as const

/** The bounds of shanghu's merchant application (characters; games named). */
export const MERCHANT_APPLICATION_LIMITS = {
  name: { min: 2, max: 30 },
  business: { min: 10, max: 500 },
  games: 10,
} as const

/** A recycling request as its seller's 竞价中心 names it. */
export const RECYCLE_STATUS_LABELS = {
  quoting: '报价中',
  choosing: '待选择',
  accepted: '交易中',
  completed: '已完成',
  cancelled: '已取消',
  expired: '已过期',
}

/** The sold-price index: deals older than this say nothing about today's price. */
export const PRICE_INDEX_DAYS = 180
/** Fewer comparable deals than this and the index gives no estimate (a person appraises instead). */
export const MIN_COMPARABLES = 5
/** How many comparable deals an answer shows. */
export const SHOWN_COMPARABLES = 6

export const APPRAISAL_STATUS_LABELS = {
  pending: '待估价',
  estimated: '已估价',
}

export const MERCHANT_APPLICATION_STATUS_LABELS = {
  pending: '审核中',
  approved: '已通过',
  rejected: '未通过',
}

export const PROBLEM_TYPE_LABELS = {
  suggestion: '改进建议',
  problem: '问题反馈',
  complaint: '投诉举报',
}

/** A seller's listing as their list names it. */
export const LISTING_STATUS_LABELS = {
  draft: '草稿',
  pending_review: '待审核',
  on_sale: '在售',
  in_trade: '交易中',
  rented: '出租中',
  sold: '已出售',
  delisted: '已下架',
  rejected: '审核失败',
}

/** A seller's payout. */
export const PAYOUT_LABELS = { pending: '待打款', paid: '已打款', failed: '打款失败', cancelled: '无需打款' }

/** The seller's money for a sold listing: its payout, or held while a 包赔 claim on the sale is decided. */
export const SETTLEMENT_LABELS = { ...PAYOUT_LABELS, held: '暂缓打款' }

/**
 * The staff roles (contract/staff.ts) as the console names them: `admin` may do everything (settings and
 * staff roles included); the others one desk each.
 */
export const STAFF_ROLE_LABELS = {
  admin: '管理员',
  reviewer: '审核',
  service: '客服',
  editor: '编辑',
  finance: '财务',
}

/** Notice type codes kept from the original product (DOMAIN.md, "Notice types"). */
export const NOTICE_TYPES = {
  jyxz: '交易须知',
  bpjs: '包赔介绍',
  ywjs: '业务介绍',
  kfyz: '客服验证说明',
  cjwt: '常见问题',
  xwgg: '新闻公告',
  zhgg: '追回案例',
  yonghuxieyi: '用户协议',
  yinsizhengce: '隐私政策',
  goumaixuzhi: '购买须知',
  ddzhbp: '找回包赔说明',
  ddrlbp: '人脸包赔说明',
  ddbmbp: '不买包赔说明',
  bpzl: '包赔材料',
  fbms: '发布模式',
  gfds: '官网代售',
  jshs: '极速回收',
  zhhs: '账号回收',
  zhpg: '账号评估',
  guanyuwomen: '关于我们',
  shhz: '商户合作',
  djzhal: '打击找回案例',
  lassws: '立案诉讼文书',
  gmzn: '购买指南',
  mhzn: '卖号指南',
  rczm: '人才招募',
  appxz: 'APP下载',
  zjdb: '中介担保',
} as const

/** The blacklist's subjects and reasons (contract/trust.ts), as both clients name them. */
export const BLACKLIST_SUBJECT_LABELS = {
  game_account: '游戏账号',
  qq: 'QQ',
  weixin: '微信',
  phone: '手机号',
  id_number: '身份证号',
}

export const BLACKLIST_REASON_LABELS = {
  retrieval: '恶意找回',
  fraud: '诈骗',
  chargeback: '恶意退款',
  other: '其他',
}

/** Feedback types and states (contract/feedback.ts). */
export const PROBLEM_STATUS_LABELS = { open: '待回复', replied: '已回复', closed: '已关闭' }

/** Service contacts' kinds (contract/trust.ts) and the platforms of our social accounts (contract/content.ts). */
export const CONTACT_KIND_LABELS = {
  buyer: '买家客服',
  seller: '卖家客服',
  consign: '代售客服',
  guarantee: '包赔客服',
  recycle: '回收客服',
}

export const SOCIAL_PLATFORM_LABELS = { douyin: '抖音', kuaishou: '快手' }

/** 包赔申请: the bounds of a description or an addition (characters after trimming) and of its pictures. */
export const CLAIM_LIMITS = { text: { min: 10, max: 500 }, images: 9 }

export const CLAIM_KIND_LABELS = {
  recovered: '账号被找回',
  face_recovered: '账号被人脸找回',
}

export const CLAIM_STATUS_LABELS = {
  submitted: '审核中',
  needs_info: '待补充材料',
  approved: '已同意，打款中',
  paid: '已赔付',
  rejected: '未通过',
}

/** The windows of the public claim statistics (days). */
export const CLAIM_STATS_DAYS = [30, 90, 365] as const

/** 评价: the tags a buyer may pick (a fixed list), the words' bound, and how long a review may be edited. */
export const REVIEW_TAGS = ['描述相符', '交付迅速', '卖家耐心', '账号安全', '价格实惠', '沟通顺畅'] as const
export const REVIEW_LIMITS = { text: 300, editDays: 7 }

/** 搜索订阅: how many searches one user may keep, and how many new listings a daily message names. */
export const SAVED_SEARCH_LIMITS = { perUser: 10, named: 3 }

/**
 * 租号: the rules an owner may set on a rental, from a fixed list the platform enforces by complaint, and the
 * bounds of a rental — hours rented, the owner's check window after return, and how soon after the start a
 * complaint that the account does not match (or its password is wrong) refunds the renter in full.
 */
export const RENT_RULE_LABELS = {
  no_ranked: '禁止排位',
  no_spending: '禁止消费充值',
  logout_on_time: '到时下线',
  no_profile_changes: '禁止修改资料',
  no_cheats: '禁止外挂脚本',
  no_sublet: '禁止转借他人',
} as const
export const RENT_LIMITS = { minHours: 1, maxHours: 720, checkHours: 2, fullRefundMinutes: 15 }

/** What an order is for: a sale, or a rental's rent and deposit, or a renewal's rent. */
export const ORDER_KIND_LABELS = { sale: '买卖', rental: '租号', renewal: '续租' }
/** Where a sale came from (an order's `source`). */
export const ORDER_SOURCE_LABELS = { market: '账号交易', recycling: '竞价回收', escrow: '中介担保' }

export const RENTAL_STATUS_LABELS = {
  pending_payment: '待支付',
  active: '租用中',
  returned: '已归还',
  disputed: '投诉处理中',
  settled: '已结算',
  cancelled: '已取消',
}

export const ESCROW_TICKET_STATUS_LABELS = {
  awaiting_party: '待对方加入',
  awaiting_listing: '待卖方录入账号',
  awaiting_approval: '待买方确认',
  in_trade: '交易中',
  completed: '已完成',
  closed: '已关闭',
}

/** A rental's payouts to its owner: the first order's rent (with any damage), then each renewal's. */
export const RENTAL_PAYOUT_LABELS = { rental: '租金', renewal: '续租租金' }

/** 租号投诉的处理结果 (POST /api/admin/rentals/{id}/decide). */
export const RENTAL_OUTCOME_LABELS = { refund: '全额退款给租客', settle: '结算（可从押金赔偿号主）' }

export const RENTAL_COMPLAINT_LABELS = {
  mismatch: '账号与描述不符',
  wrong_password: '密码错误登不上',
  kicked: '被顶号或找回',
  rule_broken: '违反租号规则',
  damaged: '账号受损',
  other: '其他',
}

/** The complaints the renter makes, and the owner's; the first two refund in full within RENT_LIMITS.fullRefundMinutes. */
export const RENTER_COMPLAINTS = ['mismatch', 'wrong_password', 'kicked', 'other'] as const
export const OWNER_COMPLAINTS = ['rule_broken', 'damaged', 'other'] as const
export const FULL_REFUND_COMPLAINTS = ['mismatch', 'wrong_password'] as const

/** A day in milliseconds, for deadlines counted in days. */
export const DAY_MS = 86_400_000

/** 注销账号: days between asking for deletion and the erasure (signing in meanwhile asks whether to cancel). */
export const COOLING_OFF_DAYS = 15

/** What the audit log's subjects are called in the console. */
export const AUDIT_SUBJECTS = {
  goods: '商品',
  order: '订单',
  aftersale: '售后',
  rental: '租号',
  claim: '包赔',
  fund: '包赔基金',
  payout: '打款',
  user: '用户',
  review: '评价',
  appraisal: '估价',
  merchant_application: '号商申请',
  problem: '反馈',
  blacklist: '黑名单',
  game: '游戏',
  notice: '公告',
  banner: '轮播图与主播',
  socialAccount: '官方账号',
  serviceContact: '客服',
  qqGroup: 'QQ 群',
  settings: '设置',
} as const
export type AuditSubject = keyof typeof AUDIT_SUBJECTS

/**
 * Every staff action the audit log records, `<subject>.<verb>`, with its name in the console. The server's
 * `audit()` takes only these, so a new action is named here before it can be written.
 */
export const AUDIT_ACTIONS = {
  'goods.approve': '审核通过',
  'goods.reject': '审核驳回',
  'goods.update': '修改商品',
  'goods.delist': '平台下架',
  'goods.contact': '查看卖家联系方式',
  'goods.credentials': '验号：查看账号信息',
  'order.handOver': '移交账号',
  'order.refund': '退款',
  'order.credentials': '查看订单的账号信息',
  'dealRoom.message': '交易群发言',
  'aftersale.decide': '售后裁决',
  'rental.decide': '租号投诉裁决',
  'claim.approve': '同意包赔',
  'claim.reject': '驳回包赔',
  'claim.requestInfo': '要求补充材料',
  'claim.retry': '重试赔付',
  'claim.recovery': '登记追回款',
  'fund.contribute': '包赔基金注资',
  'payout.retry': '重试打款',
  'user.disable': '停用用户',
  'user.enable': '恢复用户',
  'user.roles': '修改角色',
  'staff.enrol': '绑定验证器并登录',
  'staff.login': '员工登录',
  'review.hide': '隐藏评价',
  'appraisal.estimate': '人工估价',
  'merchant.approve': '通过号商申请',
  'merchant.reject': '驳回号商申请',
  'problem.reply': '回复反馈',
  'blacklist.add': '加入黑名单',
  'blacklist.remove': '移出黑名单',
  'game.update': '修改游戏',
  'region.reorder': '调整区服顺序',
  'template.create': '发布属性模板',
  'notice.create': '发布公告',
  'notice.update': '修改公告',
  'banner.create': '新增轮播图或主播',
  'banner.update': '修改轮播图或主播',
  'banner.delete': '删除轮播图或主播',
  'socialAccount.create': '新增官方账号',
  'socialAccount.update': '修改官方账号',
  'socialAccount.delete': '删除官方账号',
  'serviceContact.create': '新增客服',
  'serviceContact.update': '修改客服',
  'serviceContact.delete': '删除客服',
  'qqGroup.create': '新增 QQ 群',
  'qqGroup.update': '修改 QQ 群',
  'qqGroup.delete': '删除 QQ 群',
  'settings.update': '修改设置',
} as const
export type AuditAction = keyof typeof AUDIT_ACTIONS
