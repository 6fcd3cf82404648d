/**
 * The demo catalogue's games: real titles, their 区服 trees and attribute templates, and the words the
 * demo listings are written with. Pure data; `catalogue.ts` turns it into rows.
 */
import type { AttributeField, GameType, RegionKind } from '../../src/contract/catalogue'

export interface FieldSpec extends AttributeField {
  /** Numbers: the range of demo values. */
  range?: [number, number]
  /** Short word used in titles ("皮肤" → "256皮肤"). */
  short?: string
  /** Text fields: demo values. */
  samples?: string[]
}

export interface GameSpec {
  name: string
  initial: string
  type: GameType
  hot: boolean
  /** Root kind and child kind of the region tree. */
  kinds: [RegionKind, RegionKind]
  regions: { name: string; children: string[] }[]
  fields: FieldSpec[]
  /** Title and description phrases of this game. */
  phrases: string[]
  /** Hue of the generated pictures. */
  hue: number
  /** Only just on the platform: listings on sale but no deals yet, so its appraisals go to a person. */
  newOnPlatform?: boolean
}

let sortCounter = 0
const base = (key: string, label: string, type: AttributeField['type']) => ({
  key,
  label,
  type,
  options: [] as AttributeField['options'],
  unit: '',
  required: true,
  searchable: true,
  showOnSellForm: true,
  sort: (sortCounter += 10),
})

const options = (labels: string[]) => labels.map((label, i) => ({ id: String(i + 1), label }))

export const radio = (key: string, label: string, labels: string[]): FieldSpec => ({
  ...base(key, label, 'radio'),
  options: options(labels),
})

export const checkbox = (key: string, label: string, labels: string[]): FieldSpec => ({
  ...base(key, label, 'checkbox'),
  options: options(labels),
  required: false,
})

export const number = (
  key: string,
  label: string,
  unit: string,
  range: [number, number],
  short: string,
): FieldSpec => ({
  ...base(key, label, 'number'),
  unit,
  range,
  short,
})

export const text = (key: string, label: string, samples: string[]): FieldSpec => ({
  ...base(key, label, 'text'),
  searchable: false,
  required: false,
  samples,
})

const tencentMobile = [
  { name: 'iOS', children: ['QQ', '微信'] },
  { name: '安卓', children: ['QQ', '微信'] },
]
const neteaseMobile = [
  { name: 'iOS', children: ['官服', '渠道服'] },
  { name: '安卓', children: ['官服', '渠道服'] },
]
const binding = (extra: string[] = []) =>
  text('binding', '绑定情况', ['仅绑定手机，可换绑', '无绑定，可改密', '已解绑手机，需实名换绑', ...extra])

export const GAMES: GameSpec[] = [
  {
    name: '王者荣耀',
    initial: 'W',
    type: 'mobile',
    hot: true,
    kinds: ['system', 'carrier'],
    regions: tencentMobile,
    hue: 28,
    fields: [
      radio('rank', '段位', ['青铜', '白银', '黄金', '铂金', '钻石', '星耀', '最强王者', '荣耀王者']),
      number('heroes', '英雄数', '个', [30, 125], '英雄'),
      number('skins', '皮肤数', '个', [20, 560], '皮肤'),
      radio('noble', '贵族等级', ['V0', 'V1', 'V2', 'V3', 'V4', 'V5', 'V6', 'V7', 'V8', 'V9', 'V10']),
      number('level', '账号等级', '级', [15, 30], '级'),
      checkbox('rare', '稀有皮肤', ['荣耀典藏', '传说皮肤', '史诗限定', 'FMVP', '五虎上将', '天鹅之梦', '星元']),
      radio('realName', '二次实名', ['可二次实名', '不可二次实名']),
      binding(),
    ],
    phrases: ['国服战力', '巅峰赛2000+', '金标多个', '全英雄', '荣耀战令满级', '五排开黑号', '典藏齐全'],
  },
  {
    name: '和平精英',
    initial: 'H',
    type: 'mobile',
    hot: true,
    kinds: ['system', 'carrier'],
    regions: tencentMobile,
    hue: 45,
    fields: [
      radio('rank', '段位', ['青铜', '白银', '黄金', '铂金', '钻石', '皇冠', '王牌', '无敌战神']),
      number('gunSkins', '枪械皮肤', '把', [5, 320], '枪皮'),
      number('outfits', '套装数', '套', [5, 260], '套装'),
      number('level', '账号等级', '级', [20, 100], '级'),
      checkbox('rare', '稀有物品', ['玛莎拉蒂', '特斯拉', '究极粉装', '冰霜M416', '飞机头套装', '火箭少女']),
      radio('realName', '二次实名', ['可二次实名', '不可二次实名']),
      binding(),
    ],
    phrases: ['绝版套装', '多辆载具皮肤', '满级枪皮', '赛季手册全满', '海岛特训', '王牌常客'],
  },
  {
    name: '原神',
    initial: 'Y',
    type: 'mobile',
    hot: true,
    kinds: ['system', 'carrier'],
    regions: [
      { name: 'iOS', children: ['天空岛', '世界树'] },
      { name: '安卓', children: ['天空岛', '世界树'] },
    ],
    hue: 200,
    fields: [
      number('adventureRank', '冒险等级', '级', [20, 60], '级'),
      number('fiveStars', '五星角色', '个', [1, 45], '五星'),
      number('fiveWeapons', '五星武器', '把', [0, 30], '五星武器'),
      radio('worldLevel', '世界等级', ['1', '2', '3', '4', '5', '6', '7', '8', '9']),
      checkbox('limited', '限定角色', ['雷电将军', '胡桃', '纳西妲', '芙宁娜', '那维莱特', '钟离', '神里绫华']),
      number('primogems', '原石', '颗', [0, 60000], '原石'),
      binding(['邮箱账号，可换绑']),
    ],
    phrases: ['深渊满星', '满命角色', '自抽号', '大月卡常驻', '全图探索度高', '开服老号'],
  },
  {
    name: '英雄联盟手游',
    initial: 'Y',
    type: 'mobile',
    hot: true,
    kinds: ['system', 'carrier'],
    regions: tencentMobile,
    hue: 210,
    fields: [
      radio('rank', '段位', ['黑铁', '青铜', '白银', '黄金', '铂金', '翡翠', '钻石', '大师', '宗师', '王者']),
      number('champions', '英雄数', '个', [20, 130], '英雄'),
      number('skins', '皮肤数', '个', [5, 400], '皮肤'),
      number('level', '账号等级', '级', [10, 300], '级'),
      checkbox('rare', '稀有皮肤', ['至臻皮肤', '终极皮肤', '传说皮肤', '冠军皮肤', '限定皮肤']),
      radio('realName', '二次实名', ['可二次实名', '不可二次实名']),
      binding(),
    ],
    phrases: ['国服前百', '巅峰段位', '全英雄', '星之守护者系列', '冠军皮肤齐全', '单双排上分号'],
  },
  {
    name: '火影忍者',
    initial: 'H',
    type: 'mobile',
    hot: false,
    kinds: ['system', 'carrier'],
    regions: tencentMobile,
    hue: 15,
    fields: [
      radio('rank', '段位', ['下忍', '中忍', '上忍', '精英上忍', '影级', '超影']),
      number('ninjas', '忍者数', '个', [20, 420], '忍者'),
      number('sNinjas', 'S 忍数', '个', [0, 180], 'S忍'),
      number('level', '账号等级', '级', [30, 100], '级'),
      checkbox('rare', '稀有忍者', [
        '宇智波鼬[须佐能乎]',
        '千手柱间[秽土转生]',
        '漩涡鸣人[六道]',
        '宇智波斑[六道]',
        '大筒木辉夜',
      ]),
      radio('vip', 'VIP 等级', ['VIP0', 'VIP3', 'VIP6', 'VIP9', 'VIP12', 'VIP15']),
      binding(),
    ],
    phrases: ['决斗场高分', '秘境满配', '通灵兽齐全', '忍者全', '高招募号', '老区老号'],
  },
  {
    name: '第五人格',
    initial: 'D',
    type: 'mobile',
    hot: false,
    kinds: ['system', 'carrier'],
    regions: neteaseMobile,
    hue: 280,
    fields: [
      radio('rank', '段位', ['一阶', '二阶', '三阶', '四阶', '五阶', '六阶', '七阶', '巅峰七阶']),
      number('survivors', '求生者', '个', [5, 45], '求生者'),
      number('hunters', '监管者', '个', [3, 30], '监管者'),
      number('outfits', '时装数', '件', [5, 300], '时装'),
      checkbox('rare', '稀有时装', ['金皮', '虚妄杰作', '限定联动', '奇珍时装', '紫挂件']),
      number('level', '账号等级', '级', [10, 200], '级'),
      binding(),
    ],
    phrases: ['多金皮', '全角色', '联动时装', '巅峰七阶', '推理之径满', '老玩家出号'],
  },
  {
    name: '金铲铲之战',
    initial: 'J',
    type: 'mobile',
    hot: false,
    kinds: ['system', 'carrier'],
    regions: tencentMobile,
    hue: 50,
    fields: [
      radio('rank', '段位', ['黑铁', '青铜', '白银', '黄金', '铂金', '钻石', '大师', '宗师', '王者']),
      number('legends', '小小英雄', '个', [5, 260], '小小英雄'),
      number('arenas', '棋盘皮肤', '个', [1, 80], '棋盘'),
      number('booms', '攻击特效', '个', [1, 90], '特效'),
      checkbox('rare', '稀有小小英雄', ['神话小小英雄', '金克丝', '阿狸', '金色棋盘', '传说特效']),
      number('level', '账号等级', '级', [10, 300], '级'),
      binding(),
    ],
    phrases: ['神话小小英雄', '多金色棋盘', '赛季通行证', '双城传说', '上分号', '全特效'],
  },
  {
    name: '蛋仔派对',
    initial: 'D',
    type: 'mobile',
    hot: true,
    kinds: ['system', 'carrier'],
    regions: neteaseMobile,
    hue: 330,
    fields: [
      radio('rank', '段位', ['鹌鹑蛋', '鸽子蛋', '鹅蛋', '鸵鸟蛋', '凤凰蛋', '超级凤凰蛋']),
      number('skins', '皮肤数', '个', [5, 420], '皮肤'),
      number('hidden', '隐藏款', '个', [0, 60], '隐藏款'),
      number('level', '蛋仔等级', '级', [5, 100], '级'),
      checkbox('rare', '稀有皮肤', ['隐藏款', '典藏款', '联名款', '动态皮肤', '限定头像框']),
      number('coins', '蛋币', '个', [0, 50000], '蛋币'),
      binding(),
    ],
    phrases: ['多隐藏款', '联名皮肤', '凤凰蛋常客', '盲盒全收集', '派对季满级', '限定头像框'],
  },
  {
    name: '英雄联盟',
    initial: 'Y',
    type: 'pc',
    hot: true,
    kinds: ['area', 'server'],
    regions: [
      { name: '电信大区', children: ['艾欧尼亚', '祖安', '诺克萨斯', '班德尔城', '皮尔特沃夫', '战争学院'] },
      { name: '网通大区', children: ['比尔吉沃特', '德玛西亚', '弗雷尔卓德', '无畏先锋'] },
      { name: '其他大区', children: ['黑色玫瑰', '教育网专区'] },
    ],
    hue: 220,
    fields: [
      radio('rank', '段位', ['黑铁', '青铜', '白银', '黄金', '铂金', '翡翠', '钻石', '大师', '宗师', '王者']),
      number('champions', '英雄数', '个', [20, 168], '英雄'),
      number('skins', '皮肤数', '个', [5, 1300], '皮肤'),
      number('level', '召唤师等级', '级', [30, 900], '级'),
      checkbox('rare', '稀有皮肤', ['至臻皮肤', '终极皮肤', '限定皮肤', '冠军皮肤', '神话皮肤']),
      radio('honor', '荣誉等级', ['1', '2', '3', '4', '5']),
      binding(['QQ 号，可改密']),
    ],
    phrases: ['全英雄', '老号', '限定皮肤多', '高胜率', '无惩罚记录', 'S 赛季奖励'],
  },
  {
    name: '穿越火线',
    initial: 'C',
    type: 'pc',
    hot: true,
    kinds: ['area', 'server'],
    regions: [
      { name: '电信区', children: ['电信一区', '电信二区', '电信三区', '浙江电信'] },
      { name: '网通区', children: ['网通一区', '网通二区', '山东网通'] },
    ],
    hue: 0,
    fields: [
      radio('rankTitle', '军衔', ['列兵', '士官', '尉官', '校官', '将官', '元帅']),
      number('heroWeapons', '英雄级武器', '把', [0, 120], '英雄武器'),
      number('level', '角色等级', '级', [10, 100], '级'),
      checkbox('rare', '稀有武器', ['火麒麟', '屠龙', '雷神', 'AK47-无影', 'M4A1-黑龙', '毁灭']),
      number('roles', '角色卡', '个', [1, 60], '角色'),
      radio('vip', '会员', ['无', 'VIP', '超级VIP']),
      binding(['QQ 号，可改密']),
    ],
    phrases: ['英雄武器多', '永久雷神', '黄金武器', '排位高分', '老区老号', '挑战模式全'],
  },
  {
    name: '地下城与勇士',
    initial: 'D',
    type: 'pc',
    hot: true,
    kinds: ['area', 'server'],
    regions: [
      { name: '跨一', children: ['广东1区', '广东2区', '北京1区'] },
      { name: '跨二', children: ['上海1区', '上海2区', '湖南1区'] },
      { name: '跨三A', children: ['浙江1区', '江苏1区'] },
      { name: '跨三B', children: ['四川1区', '福建1区'] },
    ],
    hue: 260,
    fields: [
      radio('job', '主角色职业', ['鬼剑士', '格斗家', '神枪手', '魔法师', '圣职者', '暗夜使者', '守护者', '魔枪士']),
      number('level', '角色等级', '级', [60, 110], '级'),
      number('fame', '名望', '点', [10000, 60000], '名望'),
      number('roles', '角色数', '个', [1, 40], '角色'),
      checkbox('rare', '稀有装扮', ['天空套', '稀有光环', '稀有宠物', '神话装备', '史诗全']),
      number('gold', '金币', '万', [0, 50000], '万金'),
      binding(['QQ 号，可改密']),
    ],
    phrases: ['全身史诗', '多天空', '高名望', '搬砖号', '团本毕业', '角色多'],
  },
  {
    name: '永劫无间',
    initial: 'Y',
    type: 'pc',
    hot: false,
    kinds: ['area', 'server'],
    regions: [
      { name: '网易客户端', children: ['华东区', '华南区', '华北区'] },
      { name: 'Steam', children: ['国服', '亚服'] },
    ],
    hue: 180,
    fields: [
      radio('rank', '段位', ['青铜', '白银', '黄金', '铂金', '陨星', '坚韧', '无间修罗']),
      number('heroes', '英雄数', '个', [5, 25], '英雄'),
      number('outfits', '时装数', '件', [5, 300], '时装'),
      checkbox('rare', '稀有时装', ['金色时装', '红色时装', '联动时装', '限定武器皮肤']),
      number('hours', '游戏时长', '小时', [20, 3000], '小时'),
      number('level', '账号等级', '级', [10, 300], '级'),
      binding(),
    ],
    phrases: ['多金色时装', '修罗段位', '全英雄', '联动皮肤', '开黑号', '赛季奖励'],
  },
  {
    name: '逆水寒',
    initial: 'N',
    type: 'pc',
    hot: false,
    kinds: ['area', 'server'],
    regions: [
      { name: '电信区', children: ['紫禁之巅', '烟雨江南', '沧海云帆'] },
      { name: '双线区', children: ['汴京繁华', '剑胆琴心'] },
    ],
    hue: 160,
    fields: [
      radio('school', '门派', ['碎梦', '神相', '血河', '铁衣', '龙吟', '素问', '九灵']),
      number('level', '角色等级', '级', [40, 100], '级'),
      number('score', '装备评分', '分', [5000, 60000], '评分'),
      number('outfits', '外观数', '套', [5, 200], '外观'),
      checkbox('rare', '稀有外观', ['绝版时装', '稀有坐骑', '金色发型', '限定翅膀']),
      number('mounts', '坐骑数', '个', [1, 40], '坐骑'),
      binding(),
    ],
    phrases: ['高评分', '绝版外观', '帮会管理', '副本毕业', '庄园满级', '多坐骑'],
  },
  {
    name: '梦幻西游',
    initial: 'M',
    type: 'pc',
    hot: false,
    kinds: ['area', 'server'],
    regions: [
      { name: '浙江区', children: ['西湖', '建德'] },
      { name: '北京区', children: ['国子监', '紫禁城'] },
      { name: '双线区', children: ['长安城', '逍遥城'] },
    ],
    hue: 100,
    fields: [
      radio('school', '门派', ['大唐官府', '化生寺', '方寸山', '龙宫', '狮驼岭', '普陀山', '天宫', '魔王寨']),
      number('level', '人物等级', '级', [69, 175], '级'),
      number('score', '人物评分', '分', [3000, 40000], '评分'),
      number('pets', '召唤兽', '只', [1, 30], '宝宝'),
      checkbox('rare', '稀有物品', ['神兽', '祥瑞坐骑', '锦衣', '无级别武器', '特技装备']),
      number('cultivation', '修炼总和', '点', [20, 100], '修'),
      binding(['将军令已解绑']),
    ],
    phrases: ['神兽', '高修炼', '满技能宝宝', '老区', '锦衣多', '比武常客'],
  },
  {
    name: '三角洲行动',
    initial: 'S',
    type: 'mobile',
    hot: true,
    newOnPlatform: true,
    kinds: ['system', 'carrier'],
    regions: tencentMobile,
    hue: 160,
    fields: [
      radio('rank', '段位', ['青铜', '白银', '黄金', '铂金', '钻石', '黑鹰', '三角洲巅峰']),
      number('coins', '哈夫币', '万', [10, 5000], '万哈夫币'),
      number('operators', '干员数', '个', [4, 12], '干员'),
      number('level', '账号等级', '级', [1, 60], '级'),
      checkbox('rare', '稀有物品', ['典藏皮肤', '红色收藏品', '大红保险箱', '限定挂饰', '金色枪皮']),
      radio('realName', '二次实名', ['可二次实名', '不可二次实名']),
      binding(),
    ],
    phrases: ['满仓库', '红卡多', '巅峰段位', '全干员', '烽火地带常客', '大红收藏'],
  },
]

/** Sentences every demo description draws from. */
export const COMMON_PHRASES = [
  '账号为本人注册使用，无违规封号记录。',
  '诚心出售，支持平台担保交易，资料齐全可验号。',
  '不急出，价格可小刀，非诚勿扰。',
  '换绑资料齐全，客服可协助交接。',
  '长期在线，主要玩排位，号况良好。',
  '因工作原因退坑出号，价格实惠。',
  '已开通防沉迷实名，交易后可按平台流程换绑。',
  '支持找回包赔，交易更放心。',
]
