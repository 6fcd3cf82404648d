/**
 * The demo site's words: every notice type of DOMAIN.md, written for 号安心, with fees that match the
 * default settings (migration 0001). Pure data; `content.ts` draws the pictures and writes the rows.
 * `{{name}}` in a notice stands for the URL of the generated picture of that name.
 */
import type { NoticeType } from '../../src/contract/content'

export interface NoticeSpec {
  type: NoticeType
  title: string
  /** HTML; sanitized like an operator's edit before it is stored. */
  content: string
  /** Published this many days before the seed ran. */
  daysAgo: number
  sort?: number
  /** Name of a generated picture used as the list cover. */
  cover?: string
}

const p = (...lines: string[]) => lines.map((line) => `<p>${line}</p>`).join('')
const list = (tag: 'ul' | 'ol', items: string[]) => `<${tag}>${items.map((i) => `<li>${i}</li>`).join('')}</${tag}>`
const table = (head: string[], rows: string[][]) =>
  `<table><thead><tr>${head.map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody>${rows
    .map((row) => `<tr>${row.map((cell) => `<td>${cell}</td>`).join('')}</tr>`)
    .join('')}</tbody></table>`
const note = (text: string) => `<div style="color:#e4393c;font-weight:bold">${text}</div>`

export const NOTICES: NoticeSpec[] = [
  {
    type: 'jyxz',
    title: '交易须知',
    daysAgo: 120,
    cover: 'tradeFlow',
    content:
      '<h2>在号安心买卖账号，请先读完这几条</h2>' +
      `<img src="{{tradeFlow}}" alt="号安心交易流程" width="640" height="300">` +
      list('ol', [
        '<strong>只在平台内付款。</strong>货款由号安心托管，买家确认收货并过了保护期后才结算给卖家。任何要求私下转账、扫码付款的“客服”都是骗子。',
        '<strong>账号信息只在订单里查看。</strong>付款后由客服验号、换绑，再在订单详情里把账号密码交给买家，每次查看都有记录。',
        '<strong>收号后立即改密、改绑。</strong>收到账号请第一时间修改密码、绑定自己的手机和实名信息，确认无误后再点“确认收货”。',
        '<strong>选择包赔更安心。</strong>找回包赔、人脸包赔按成交价的一定比例收费，账号被找回时按规则赔付，详见《包赔介绍》。',
        '<strong>遇到问题先联系客服。</strong>客服工作时间 10:00–02:00，添加前请用首页“客服验证”确认对方身份。',
      ]) +
      note('温馨提示：未付款订单 15 分钟后自动取消；移交后 3 天未确认收货将自动确认。'),
  },
  {
    type: 'goumaixuzhi',
    title: '购买须知',
    daysAgo: 118,
    content:
      '<h2>下单前请确认</h2>' +
      list('ul', [
        '商品标题、截图和属性由卖家填写，客服在移交前会逐项核对；与描述不符可申请退款。',
        '价格包含账号本身，另收平台服务费 ¥8/单；如选择包赔，按所选方式另收包赔费。',
        '商品价格 ≥ ¥200 时可先付定金（10%，最低 ¥50），尾款付清后才会移交账号。',
        '未付款的订单保留 15 分钟，超时自动取消，商品重新上架。',
        '移交后请在 3 天内验号并确认收货；如发现问题，在确认前联系客服处理。',
      ]) +
      '<h3>不支持退款的情况</h3>' +
      list('ul', [
        '已确认收货且超过保护期的订单（找回问题按包赔规则处理）。',
        '买家自行修改账号资料后导致的封号、冻结。',
        '私下交易、未通过平台付款的款项。',
      ]) +
      p('点击“同意并下单”即表示你已阅读并同意本须知与《用户协议》。'),
  },
  {
    type: 'bpjs',
    title: '包赔介绍：被找回了怎么办',
    daysAgo: 115,
    content:
      p(
        '游戏账号最大的风险是“找回”：卖家卖号后，通过游戏官方的申诉、人脸验证等途径把账号拿回去。号安心提供三种保障方式，下单时任选其一：',
      ) +
      table(
        ['方式', '费用', '保障内容'],
        [
          ['找回包赔', '成交价 10%，最低 ¥50', '账号被原号主找回，按成交价全额赔付'],
          ['人脸包赔', '成交价 15%，最低 ¥100', '在找回包赔基础上，覆盖需人脸验证的找回'],
          ['不买包赔', '免费', '平台只担保交易过程，不承担找回损失'],
        ],
      ) +
      p(
        '赔付资金来自平台保障金，与卖家的货款分开管理。申请赔付请准备《包赔材料》中列出的资料，客服在 3 个工作日内给出结论。',
      ),
  },
  {
    type: 'ddzhbp',
    title: '找回包赔说明',
    daysAgo: 114,
    content:
      '<h2>找回包赔</h2>' +
      p('费用：成交价的 10%，最低 ¥50，与货款一起支付。') +
      '<h3>保障范围</h3>' +
      list('ul', [
        '原号主通过官方申诉、密保、绑定手机等方式找回账号；',
        '找回发生在确认收货后 <strong>180 天</strong>内；',
        '买家已按要求修改密码与绑定信息。',
      ]) +
      '<h3>赔付方式</h3>' +
      p('核实后按订单成交价全额赔付到原支付账户；平台同时对卖家追偿，并将其账号、QQ、手机号录入黑号库。'),
  },
  {
    type: 'ddrlbp',
    title: '人脸包赔说明',
    daysAgo: 114,
    content:
      '<h2>人脸包赔</h2>' +
      p('费用：成交价的 15%，最低 ¥100。适合实名信息无法更换、找回时需要人脸验证的账号。') +
      list('ul', [
        '包含找回包赔的全部保障；',
        '原号主通过人脸识别、实名申诉找回的，同样全额赔付；',
        '保障期 180 天，自确认收货起算。',
      ]) +
      note('人脸包赔需要卖家配合提供实名认证材料，部分商品不支持，以商品页显示为准。'),
  },
  {
    type: 'ddbmbp',
    title: '不买包赔说明',
    daysAgo: 114,
    content:
      p('选择“不买包赔”不需要额外付费，平台仍然负责：') +
      list('ul', ['货款托管，确认收货后才结算给卖家；', '客服验号、换绑与账号移交；', '移交前描述不符可退款。']) +
      p(
        '但确认收货后发生的找回，平台<strong>不承担赔付</strong>，只协助追偿并将卖家列入黑号库。高价值账号建议购买包赔。',
      ),
  },
  {
    type: 'bpzl',
    title: '申请包赔需要准备的材料',
    daysAgo: 110,
    content:
      list('ol', [
        '订单号，以及账号被找回的时间；',
        '游戏内或官方发来的找回通知截图（短信、邮件、游戏公告均可）；',
        '你购买后修改密码、绑定手机的记录截图；',
        '如已报警，附上报案回执（非必需，但能加快处理）。',
      ]) + p('材料通过“我的 → 投诉建议”提交，类型选“问题反馈”，标题注明“包赔申请 + 订单号”。'),
  },
  {
    type: 'ywjs',
    title: '号安心业务介绍',
    daysAgo: 200,
    content:
      '<h2>我们做什么</h2>' +
      list('ul', [
        '<strong>账号交易</strong>：王者荣耀、和平精英、原神、英雄联盟等热门游戏账号，支持自营与卖家寄售；',
        '<strong>包赔保障</strong>：找回包赔、人脸包赔，账号被找回全额赔付；',
        '<strong>中介担保</strong>：在别处谈好的交易，也可以由我们托管资金、验号换绑；',
        '<strong>账号回收与评估</strong>：急用钱？号商竞价回收，当天到账；不知道值多少钱？免费估价。',
      ]) +
      p('全部交易资金由平台托管，账号信息加密保存，只在订单内交付。'),
  },
  {
    type: 'kfyz',
    title: '客服验证说明',
    daysAgo: 150,
    content:
      p('冒充客服是最常见的骗局：骗子会用和官方相似的头像、昵称加你，要求“走私下通道”“缴纳保证金”。') +
      '<h3>怎样验证</h3>' +
      list('ol', [
        '在首页或“联系客服”页找到“客服验证”；',
        '输入对方的 QQ 号、微信号或手机号；',
        '显示“官方客服”才是我们的人，否则请立即停止沟通。',
      ]) +
      note('号安心客服不会要求你私下转账，也不会索要你的登录密码和短信验证码。'),
  },
  {
    type: 'cjwt',
    title: '付款后多久能拿到账号？',
    daysAgo: 90,
    sort: 1,
    content: p(
      '自营账号付款后一般 10 分钟内移交；寄售账号需要客服联系卖家验号换绑，工作时间内通常 30 分钟内完成。移交后你会收到站内消息，在“我的买单 → 订单详情”里点“查看账号”即可。',
    ),
  },
  {
    type: 'cjwt',
    title: '账号被找回了怎么办？',
    daysAgo: 88,
    sort: 2,
    content: p(
      '如果下单时选择了找回包赔或人脸包赔，请按《包赔材料》准备资料后提交反馈，客服 3 个工作日内处理并赔付。没有购买包赔的，我们会协助你联系卖家追偿，并把卖家信息录入黑号库。',
    ),
  },
  {
    type: 'cjwt',
    title: '为什么要先付款再看账号？',
    daysAgo: 85,
    sort: 3,
    content: p(
      '账号密码一旦泄露，卖家就失去了账号，因此只能在付款托管后交付。你的钱在确认收货前由平台保管，不会直接给卖家；移交的账号与描述不符可以退款。',
    ),
  },
  {
    type: 'cjwt',
    title: '可以用定金先锁定账号吗？',
    daysAgo: 80,
    sort: 4,
    content: p(
      '商品价格 ≥ ¥200 时，可以选择先付定金（成交价 10%，最低 ¥50）锁定账号，尾款付清后客服移交。订单超时未付清会自动取消，已付定金原路退回。',
    ),
  },
  {
    type: 'cjwt',
    title: '卖号多久能收到钱？',
    daysAgo: 78,
    sort: 5,
    content: p(
      '买家确认收货（或移交 3 天后自动确认）后进入 7 天保护期，保护期结束自动结算到你的账户，扣除 5% 佣金（最低 ¥50）。保护期是为了防止找回纠纷，请理解。',
    ),
  },
  {
    type: 'cjwt',
    title: '怎样确认加我的人是官方客服？',
    daysAgo: 75,
    sort: 6,
    content: p('使用首页的“客服验证”，输入对方的 QQ、微信号或手机号即可。只有显示“官方客服”的才是我们的工作人员。'),
  },
  {
    type: 'xwgg',
    title: '号安心上线“黑号查询”，交易前先查一查',
    daysAgo: 3,
    content:
      p('即日起，首页新增“黑号查询”工具。输入对方的游戏账号、QQ、微信号或手机号，即可查看是否有找回、诈骗记录。') +
      p('黑号库中的信息均经客服核实；为保护隐私，结果只显示打码后的内容。发现可疑账号欢迎通过“投诉建议”举报。'),
  },
  {
    type: 'xwgg',
    title: '节假日客服值班安排',
    daysAgo: 12,
    content:
      p('法定节假日期间客服正常值班，工作时间仍为 10:00–02:00。') +
      p('节假日交易量较大，寄售账号的验号换绑可能比平时稍慢，请耐心等待；自营账号不受影响。'),
  },
  {
    type: 'xwgg',
    title: '找回包赔保障期延长至 180 天',
    daysAgo: 30,
    content: p(
      '为更好地保护买家，自本月起，找回包赔与人脸包赔的保障期由 90 天延长至 180 天，已购买包赔的历史订单同样适用。',
    ),
  },
  {
    type: 'xwgg',
    title: '关于谨防冒充客服诈骗的提醒',
    daysAgo: 45,
    content:
      p('近期有不法分子冒充“号安心客服”，以“账号冻结需解冻”“交易保证金”等理由诱导转账。') +
      list('ul', [
        '官方客服不会要求任何形式的私下转账；',
        '所有付款只在号安心订单内完成；',
        '添加客服前请先用“客服验证”确认。',
      ]),
  },
  {
    type: 'zhgg',
    title: '和平精英账号被找回，3 天完成赔付',
    daysAgo: 20,
    content: p(
      '买家李先生购买的和平精英账号在收货第 40 天被原号主通过申诉找回。李先生购买了找回包赔，提交材料后客服核实，3 个工作日内全额赔付 ¥2,680，卖家已被录入黑号库。',
    ),
  },
  {
    type: 'zhgg',
    title: '原神账号找回纠纷：平台先行赔付',
    daysAgo: 50,
    content: p(
      '买家购买的原神账号被卖家以“实名申诉”方式找回。该订单购买了人脸包赔，平台先行赔付 ¥5,400 后向卖家追偿，目前已追回全部款项。',
    ),
  },
  {
    type: 'djzhal',
    title: '王者荣耀卖家恶意找回，追回货款并永久封禁',
    daysAgo: 15,
    cover: 'caseProof',
    content:
      p('卖家张某在平台出售王者荣耀账号后，通过官方申诉将账号找回。平台核实后先行赔付买家，同时向警方报案。') +
      `<img src="{{caseProof}}" alt="报案回执（示意）" width="600" height="400">` +
      p('经警方介入，张某退还全部货款并道歉。其游戏账号、QQ、手机号已录入黑号库，永久禁止在平台交易。'),
  },
  {
    type: 'djzhal',
    title: '团伙批量找回账号，平台配合警方破案',
    daysAgo: 60,
    content: p(
      '今年初，我们发现多笔订单在收货后一个月内被集中找回，卖家资料高度相似。平台整理交易记录和资金流水提交警方，协助打掉一个专门“卖号后找回”的团伙，涉及的 23 位买家已全部获得赔付。',
    ),
  },
  {
    type: 'djzhal',
    title: '找回后又转卖：同一账号两次出售被识别',
    daysAgo: 95,
    content: p(
      '系统在审核寄售账号时，发现该账号半年前已在平台成交、且被申请过找回包赔。客服拦截了这次上架，并联系前一位买家确认了找回经过，卖家被永久封禁。',
    ),
  },
  {
    type: 'lassws',
    title: '民事判决书：卖号后恶意找回，判令返还货款',
    daysAgo: 25,
    cover: 'verdict1',
    content:
      p('原告（买家）通过号安心购买游戏账号，被告（卖家）收款后通过申诉找回账号。') +
      `<img src="{{verdict1}}" alt="民事判决书（示意，已隐去个人信息）" width="480" height="640">` +
      p('法院认为，被告收取对价后恶意找回，构成违约，判令被告返还购号款并承担诉讼费用。'),
  },
  {
    type: 'lassws',
    title: '刑事立案告知书：以找回方式骗取货款',
    daysAgo: 70,
    cover: 'verdict2',
    content:
      p('卖家多次出售账号后找回，涉案金额较大，经平台报案，公安机关已以涉嫌诈骗罪立案侦查。') +
      `<img src="{{verdict2}}" alt="立案告知书（示意，已隐去个人信息）" width="480" height="640">`,
  },
  {
    type: 'lassws',
    title: '调解书：卖家退还货款并赔偿买家损失',
    daysAgo: 100,
    cover: 'verdict3',
    content:
      p('经法院主持调解，卖家同意退还货款并赔偿买家充值损失，案件调解结案。') +
      `<img src="{{verdict3}}" alt="民事调解书（示意，已隐去个人信息）" width="480" height="640">`,
  },
  {
    type: 'yonghuxieyi',
    title: '号安心用户协议',
    daysAgo: 300,
    content:
      '<h2>一、协议的范围</h2>' +
      p('本协议是你与号安心之间关于使用本平台账号交易、中介担保、回收与评估服务的约定。注册或使用即表示同意本协议。') +
      '<h2>二、账号与实名</h2>' +
      p(
        '你应使用本人手机号注册；出售账号、提现前须完成实名认证。请妥善保管登录密码，因你保管不善造成的损失由你承担。',
      ) +
      '<h2>三、交易规则</h2>' +
      list('ol', [
        '所有款项须通过平台支付，平台托管货款，买家确认收货且保护期结束后结算给卖家；',
        '卖家保证所售账号为其合法所有，出售后不得以任何方式找回；',
        '平台按公示标准收取服务费、包赔费与佣金。',
      ]) +
      '<h2>四、违约处理</h2>' +
      p('对恶意找回、诈骗、虚假描述等行为，平台有权冻结款项、封禁账号、录入黑号库并向有关部门报案。') +
      '<h2>五、其他</h2>' +
      p('本协议适用中华人民共和国法律。平台可能更新本协议，更新后会在站内公告。'),
  },
  {
    type: 'yinsizhengce',
    title: '号安心隐私政策',
    daysAgo: 300,
    content:
      '<h2>我们收集哪些信息</h2>' +
      list('ul', [
        '注册信息：用户名、手机号；',
        '实名信息：姓名、身份证号（加密保存，页面只显示打码结果）；',
        '交易信息：订单、支付记录、你发布的账号资料；',
        '设备与日志：IP 地址、浏览器信息，用于安全风控。',
      ]) +
      '<h2>我们怎样保护</h2>' +
      p(
        '密码以不可逆的方式存储；身份证号和游戏账号密码使用加密保存，只有交易需要时才解密，并记录每一次查看。黑号库只保存经过密钥哈希的信息和打码展示。',
      ) +
      '<h2>你的权利</h2>' +
      p('你可以查看、更正个人资料，也可以联系客服注销账号。我们不会向第三方出售你的个人信息。'),
  },
  {
    type: 'fbms',
    title: '发布模式说明',
    daysAgo: 140,
    content:
      table(
        ['模式', '适合', '说明'],
        [
          ['官方代售', '想卖个好价钱', '账号挂在商城出售，成交后扣 5% 佣金（最低 ¥50）'],
          ['竞价回收', '想尽快出手', '号商在线报价，你选最高价，成交当天到账'],
          ['代售 + 竞价', '两者都要', '先挂售，同时接收号商报价，随时可以接受报价'],
        ],
      ) + p('三种模式都需要实名认证，账号资料由客服审核后才会展示。'),
  },
  {
    type: 'gfds',
    title: '官网代售',
    daysAgo: 140,
    content:
      p('把账号交给号安心代售：你填写资料、定价，客服审核上架，成交后平台负责验号、换绑和收款。') +
      list('ol', [
        '提交账号资料与截图；',
        '客服审核（工作时间内 2 小时内）；',
        '上架出售；',
        '买家付款后客服换绑移交；',
        '保护期结束自动结算。',
      ]),
  },
  {
    type: 'jshs',
    title: '极速回收',
    daysAgo: 135,
    content: p(
      '急需用钱？选择极速回收，认证号商会在 30 分钟内给出报价。你接受报价后，由客服完成换绑，款项当天到账。回收价通常是市场价的 6–8 折，换来的是速度和确定性。',
    ),
  },
  {
    type: 'zhhs',
    title: '账号回收流程',
    daysAgo: 135,
    content:
      list('ol', [
        '在“我要卖”选择游戏，点击“竞价回收”并填写账号资料；',
        '号商在线报价，你可以随时查看最高价；',
        '选定一个报价，其他报价自动关闭；',
        '客服联系你换绑账号，号商付款后交易完成。',
      ]) + p('回收同样需要实名认证；未成交前你可以随时取消。'),
  },
  {
    type: 'zhpg',
    title: '账号评估',
    daysAgo: 130,
    content: p(
      '不知道账号值多少钱？提交账号截图和主要属性（段位、皮肤、英雄、充值记录），我们会参考近期同类成交价给出估价区间。评估免费，不要求你出售。',
    ),
  },
  {
    type: 'guanyuwomen',
    title: '关于号安心',
    daysAgo: 365,
    content:
      p(
        '号安心是一个专注游戏账号交易安全的平台。我们相信，账号交易最大的问题不是找不到买家，而是“不放心”：怕被骗、怕被找回。',
      ) +
      p('因此我们把每一笔交易都放在托管里：钱先放在平台，账号经过客服验号换绑，买家确认后再结算，被找回有包赔。') +
      p('团队成员来自游戏、支付和风控行业，客服每天 10:00–02:00 在线。'),
  },
  {
    type: 'shhz',
    title: '商户合作',
    daysAgo: 160,
    content:
      p('欢迎工作室、号商、游戏公会与我们合作：') +
      list('ul', [
        '批量寄售账号，享受专属客服与更快审核；',
        '成为认证号商，参与账号竞价回收；',
        '公会专属交易通道与佣金优惠。',
      ]) +
      p('在“商务合作”页提交申请，商务同事会在 2 个工作日内联系你。'),
  },
  {
    type: 'gmzn',
    title: '购买指南',
    daysAgo: 125,
    cover: 'tradeFlow',
    content:
      `<img src="{{tradeFlow}}" alt="号安心交易流程" width="640" height="300">` +
      list('ol', [
        '<strong>选号</strong>：在“我要买”里选择游戏，用区服、段位、皮肤等条件筛选；',
        '<strong>下单</strong>：选择包赔方式，确认金额后付款（可先付定金）；',
        '<strong>收号</strong>：客服移交后，在订单详情查看账号，立即修改密码和绑定；',
        '<strong>确认</strong>：检查无误后点击确认收货。',
      ]),
  },
  {
    type: 'mhzn',
    title: '卖号指南',
    daysAgo: 125,
    content:
      list('ol', [
        '<strong>实名认证</strong>：卖号前需在“我的 → 实名认证”完成认证；',
        '<strong>填写资料</strong>：选择游戏和区服，如实填写属性，上传清晰截图；',
        '<strong>定价</strong>：参考同类商品和最近成交价，价格合理更容易卖出；',
        '<strong>等待审核</strong>：客服审核通过后自动上架；',
        '<strong>配合换绑</strong>：有买家下单后，请保持电话畅通，配合客服换绑；',
        '<strong>收款</strong>：买家确认收货 7 天后自动结算。',
      ]) + note('出售后恶意找回将被追偿、封禁并录入黑号库，情节严重的移交公安机关。'),
  },
  {
    type: 'rczm',
    title: '人才招募',
    daysAgo: 40,
    content:
      '<h3>在线客服（若干名）</h3>' +
      list('ul', [
        '熟悉主流手游、端游，了解账号交易流程；',
        '可接受排班，工作时间 10:00–02:00 轮班；',
        '耐心细致，打字速度 60 字/分钟以上。',
      ]) +
      '<h3>风控专员（2 名）</h3>' +
      list('ul', ['负责找回纠纷核查、黑号库维护；', '有支付风控或游戏安全经验者优先。']) +
      p('简历请通过“投诉建议”页提交（类型选“改进建议”，标题写“应聘 + 岗位”）。'),
  },
  {
    type: 'appxz',
    title: 'APP 下载',
    daysAgo: 60,
    cover: 'appQr',
    content:
      p('号安心已支持手机网页、微信小程序、QQ 小程序和支付宝小程序，账号和订单在各端通用。') +
      `<img src="{{appQr}}" alt="号安心小程序码" width="240" height="240">` +
      p('微信扫一扫上方二维码，或在微信、QQ、支付宝中搜索“号安心”即可使用。'),
  },
  {
    type: 'zjdb',
    title: '中介担保服务说明',
    daysAgo: 100,
    content:
      p(
        '你和对方已经谈好了价格，但互不信任？号安心作为第三方担保：买家把钱付给平台，客服验号换绑后移交，买家确认后放款给卖家。',
      ) +
      '<h3>担保费用</h3>' +
      table(
        ['成交价', '担保服务费', '备注'],
        [
          ['¥400 及以下', '¥20 / 单', '最低收费'],
          ['¥400 以上', '5%', '买方支付，确认账号时显示'],
        ],
      ) +
      p('平台不向卖方收取佣金：卖方到手即双方约定的成交价。') +
      '<h3>怎样发起</h3>' +
      list('ol', [
        '在“中介担保”页填写身份、游戏、成交价和对方手机号（或 QQ），发起后把担保码或链接发给对方；',
        '对方登录后加入；卖方录入账号信息（平台加密保管，不公开展示）；',
        '买方核对后确认并付款，客服验号移交，买方确认收货，过保障期后打款给卖方。',
      ]),
  },
]

/** Banners (carousel) link to notices by title; anchors are the streamers who recommend us. */
export const BANNERS = [
  {
    title: '找回包赔 · 被找回全额赔',
    subtitle: '账号被找回，最快 3 天赔付',
    notice: '包赔介绍：被找回了怎么办',
    hue: 205,
  },
  { title: '中介担保 · 资金托管', subtitle: '谈好价格，交给号安心来担保', notice: '中介担保服务说明', hue: 150 },
  {
    title: '黑号查询上线',
    subtitle: '交易前查一查，远离找回号',
    notice: '号安心上线“黑号查询”，交易前先查一查',
    hue: 12,
  },
  { title: '极速回收 · 当天到账', subtitle: '认证号商竞价，30 分钟出价', notice: '极速回收', hue: 275 },
]

export const ANCHORS = [
  { name: '峡谷阿强', content: '抖音 · 王者荣耀 · 粉丝 58.2 万', hue: 28 },
  { name: '吃鸡小鹿', content: '快手 · 和平精英 · 粉丝 31.6 万', hue: 45 },
  { name: '提瓦特老白', content: '抖音 · 原神 · 粉丝 22.9 万', hue: 190 },
  { name: '大乱斗小七', content: '抖音 · 英雄联盟 · 粉丝 17.4 万', hue: 230 },
  { name: '蛋仔团团', content: '快手 · 蛋仔派对 · 粉丝 12.1 万', hue: 320 },
]

export const SOCIAL_ACCOUNTS = [
  {
    platform: 'douyin' as const,
    name: '号安心官方',
    fans: 286_000,
    account: 'haoanxin888',
    link: 'https://www.douyin.com/search/haoanxin888',
    hue: 340,
  },
  {
    platform: 'kuaishou' as const,
    name: '号安心账号交易',
    fans: 124_000,
    account: 'haoanxin_ks',
    link: 'https://www.kuaishou.com/search/video?searchKey=haoanxin_ks',
    hue: 25,
  },
]

export const WORK_HOURS = '10:00–02:00'

/**
 * Every kind of contact. 小安 is fixed: the client's e2e tests verify its QQ, WeChat id and phone.
 * `games` names the games a contact serves (none = every game).
 */
export const CONTACTS = [
  { kind: 'buyer' as const, name: '小安', qq: '2851234567', weixin: 'haoanxin_kf01', phone: '13800138000', games: [] },
  { kind: 'buyer' as const, name: '小欣', qq: '2851234568', weixin: 'haoanxin_kf02', phone: '', games: [] },
  { kind: 'seller' as const, name: '小宁', qq: '2851234571', weixin: 'haoanxin_sell01', phone: '', games: [] },
  { kind: 'consign' as const, name: '小代', qq: '2851234581', weixin: 'haoanxin_ds01', phone: '', games: [] },
  {
    kind: 'guarantee' as const,
    name: '小保',
    qq: '2851234591',
    weixin: 'haoanxin_db01',
    phone: '13800138011',
    games: [],
  },
  {
    kind: 'recycle' as const,
    name: '小回（手游）',
    qq: '2851234601',
    weixin: 'haoanxin_hs01',
    phone: '',
    games: ['王者荣耀', '和平精英', '原神', '英雄联盟手游', '火影忍者', '第五人格', '金铲铲之战', '蛋仔派对'],
  },
  {
    kind: 'recycle' as const,
    name: '小收（端游）',
    qq: '2851234602',
    weixin: 'haoanxin_hs02',
    phone: '',
    games: ['英雄联盟', '穿越火线', '地下城与勇士', '永劫无间', '逆水寒', '梦幻西游'],
  },
]

/** The platform's general groups; every game also gets one group of its own (the seed numbers them). */
export const GENERAL_QQ_GROUPS = [
  { name: '号安心官方交流群', number: '731250001', full: true },
  { name: '号安心官方交流 2 群', number: '731250002', full: false },
]

/**
 * Blacklist samples, stored as hashes like any report. `987654321` (QQ) and `wzry_8848` (王者荣耀
 * account) are fixed for the client's e2e tests; `12345678` must never be listed.
 */
export const BLACKLIST = [
  {
    subjectKind: 'qq' as const,
    subject: '987654321',
    game: null,
    reason: 'retrieval' as const,
    evidence: '出售账号后通过 QQ 安全中心申诉找回，已由平台先行赔付买家。',
    source: '客服核实',
  },
  {
    subjectKind: 'game_account' as const,
    subject: 'wzry_8848',
    game: '王者荣耀',
    reason: 'retrieval' as const,
    evidence: '该账号成交后 40 天被原号主找回，买家已获赔付。',
    source: '包赔理赔',
  },
  {
    subjectKind: 'phone' as const,
    subject: '13912345678',
    game: null,
    reason: 'fraud' as const,
    evidence: '冒充号安心客服，以“解冻保证金”为由诱导转账。',
    source: '用户举报，客服核实',
  },
  {
    subjectKind: 'weixin' as const,
    subject: 'hx_trade_2024',
    game: null,
    reason: 'fraud' as const,
    evidence: '私下交易收款后拉黑买家。',
    source: '用户举报',
  },
  {
    subjectKind: 'game_account' as const,
    subject: 'ys_tianli520',
    game: '原神',
    reason: 'chargeback' as const,
    evidence: '出售后向游戏官方申请充值退款，导致账号被冻结。',
    source: '客服核实',
  },
  {
    subjectKind: 'id_number' as const,
    subject: '320106198805123716',
    game: null,
    reason: 'retrieval' as const,
    evidence: '以实名申诉方式多次找回已售账号。',
    source: '公安机关立案',
  },
]
