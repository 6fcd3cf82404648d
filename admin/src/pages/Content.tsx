/**
 * 内容: what the H5 shows that is not a listing or a notice — the home page's banners and anchors, our social
 * accounts, the service contacts (客服验证 answers from them) and the QQ groups. Each is a short list kept by
 * hand with the same editor; pictures are uploaded on the spot.
 */
import { ProForm, ProFormDigit, ProFormSelect, ProFormText } from '@ant-design/pro-components'
import { CONTACT_KIND_LABELS, SOCIAL_PLATFORM_LABELS } from '@contract/constants'
import type { AdminBanner, AdminSocialAccount } from '@contract/content'
import type { AdminQqGroup, AdminServiceContact } from '@contract/trust'
import { Card, Image, Tabs, Tag } from 'antd'
import { ImageField } from '../components/ImageField'
import { ListEditor } from '../components/ListEditor'
import { useGames } from '../components/useGames'
import { selectOptions, valueEnum } from '../format'

const BANNER_KINDS = { banner: '轮播图', anchor: '主播' }
const sortField = (
  <ProFormDigit name="sort" label="排序（小的在前）" min={-100000} max={100000} fieldProps={{ precision: 0 }} />
)
const picture = (url: string, width = 48) => (url ? <Image src={url} width={width} /> : '—')

function Banners() {
  return (
    <ListEditor<AdminBanner>
      path="/admin/banners"
      noun="图片"
      nameOf={(row) => row.title}
      blank={{ kind: 'banner', image: '', title: '', link: '', content: '', sort: 0, enabled: true }}
      columns={[
        { title: '类型', dataIndex: 'kind', width: 90, valueEnum: valueEnum(BANNER_KINDS) },
        { title: '图片', dataIndex: 'image', width: 120, render: (_, row) => picture(row.image, 96) },
        { title: '标题 / 主播名', dataIndex: 'title', width: 200 },
        { title: '跳转页面', dataIndex: 'link', ellipsis: true, render: (_, row) => row.link || '不跳转' },
        { title: '说明', dataIndex: 'content', ellipsis: true, render: (_, row) => row.content || '—' },
        { title: '排序', dataIndex: 'sort', width: 70 },
      ]}
      fields={
        <>
          <ProFormSelect name="kind" label="类型" options={selectOptions(BANNER_KINDS)} rules={[{ required: true }]} />
          <ProForm.Item
            name="image"
            label="图片（轮播图 2:1，主播头像 1:1）"
            rules={[{ required: true, message: '请上传图片' }]}
          >
            <ImageField />
          </ProForm.Item>
          <ProFormText
            name="title"
            label="标题 / 主播名"
            fieldProps={{ maxLength: 40 }}
            rules={[{ required: true, whitespace: true }]}
          />
          <ProFormText
            name="link"
            label="跳转页面"
            placeholder="/index/articleDetail?id=3（站内页面；留空则不跳转）"
            fieldProps={{ maxLength: 200 }}
          />
          <ProFormText name="content" label="说明（主播的平台、粉丝等）" fieldProps={{ maxLength: 60 }} />
          {sortField}
        </>
      }
    />
  )
}

function SocialAccounts() {
  return (
    <ListEditor<AdminSocialAccount>
      path="/admin/social-accounts"
      noun="官方账号"
      nameOf={(row) => row.name}
      blank={{ platform: 'douyin', name: '', fans: 0, account: '', avatar: '', link: '', sort: 0, enabled: true }}
      columns={[
        { title: '平台', dataIndex: 'platform', width: 80, valueEnum: valueEnum(SOCIAL_PLATFORM_LABELS) },
        { title: '头像', dataIndex: 'avatar', width: 80, render: (_, row) => picture(row.avatar) },
        { title: '名称', dataIndex: 'name', width: 160 },
        { title: '账号', dataIndex: 'account', width: 140 },
        { title: '粉丝', dataIndex: 'fans', width: 100, valueType: 'digit' },
        { title: '主页', dataIndex: 'link', ellipsis: true, render: (_, row) => row.link || '—' },
        { title: '排序', dataIndex: 'sort', width: 70 },
      ]}
      fields={
        <>
          <ProFormSelect
            name="platform"
            label="平台"
            options={selectOptions(SOCIAL_PLATFORM_LABELS)}
            rules={[{ required: true }]}
          />
          <ProFormText
            name="name"
            label="名称"
            fieldProps={{ maxLength: 40 }}
            rules={[{ required: true, whitespace: true }]}
          />
          <ProFormText
            name="account"
            label="账号（用户在平台搜索用）"
            fieldProps={{ maxLength: 40 }}
            rules={[{ required: true, whitespace: true }]}
          />
          <ProForm.Item name="avatar" label="头像" rules={[{ required: true, message: '请上传头像' }]}>
            <ImageField />
          </ProForm.Item>
          <ProFormDigit name="fans" label="粉丝数" min={0} fieldProps={{ precision: 0 }} rules={[{ required: true }]} />
          <ProFormText
            name="link"
            label="主页链接"
            placeholder="https://…（没有请留空）"
            fieldProps={{ maxLength: 200 }}
          />
          {sortField}
        </>
      }
    />
  )
}

function ServiceContacts() {
  const games = useGames()
  const gameName = (id: number) => games.find((game) => game.id === id)?.name ?? `#${id}`
  return (
    <ListEditor<AdminServiceContact>
      path="/admin/service-contacts"
      noun="客服"
      nameOf={(row) => row.name}
      blank={{
        kind: 'buyer',
        name: '',
        qq: '',
        weixin: '',
        phone: '',
        qrImage: '',
        workHours: '10:00–02:00',
        gameIds: [],
        sort: 0,
        enabled: true,
      }}
      columns={[
        { title: '类型', dataIndex: 'kind', width: 100, valueEnum: valueEnum(CONTACT_KIND_LABELS) },
        { title: '名称', dataIndex: 'name', width: 100 },
        { title: 'QQ', dataIndex: 'qq', width: 120, render: (_, row) => row.qq || '—' },
        { title: '微信号', dataIndex: 'weixin', width: 140, render: (_, row) => row.weixin || '—' },
        { title: '手机号', dataIndex: 'phone', width: 120, render: (_, row) => row.phone || '—' },
        { title: '二维码', dataIndex: 'qrImage', width: 80, render: (_, row) => picture(row.qrImage) },
        { title: '服务时间', dataIndex: 'workHours', width: 110 },
        {
          title: '服务的游戏',
          dataIndex: 'gameIds',
          render: (_, row) =>
            row.gameIds.length === 0 ? '全部游戏' : row.gameIds.map((id) => <Tag key={id}>{gameName(id)}</Tag>),
        },
        { title: '排序', dataIndex: 'sort', width: 70 },
      ]}
      fields={
        <>
          <ProFormSelect
            name="kind"
            label="类型"
            options={selectOptions(CONTACT_KIND_LABELS)}
            rules={[{ required: true }]}
          />
          <ProFormText
            name="name"
            label="名称"
            fieldProps={{ maxLength: 20 }}
            rules={[{ required: true, whitespace: true }]}
          />
          <ProForm.Group>
            <ProFormText name="qq" label="QQ" width="sm" fieldProps={{ maxLength: 20 }} />
            <ProFormText name="weixin" label="微信号" width="sm" fieldProps={{ maxLength: 30 }} />
            <ProFormText name="phone" label="手机号" width="sm" fieldProps={{ maxLength: 20 }} />
          </ProForm.Group>
          <ProForm.Item name="qrImage" label="二维码（可不传）">
            <ImageField />
          </ProForm.Item>
          <ProFormText name="workHours" label="服务时间" fieldProps={{ maxLength: 30 }} />
          <ProFormSelect
            name="gameIds"
            label="服务的游戏（不选为全部游戏）"
            mode="multiple"
            showSearch
            options={games.map((game) => ({ value: game.id, label: game.name }))}
          />
          {sortField}
        </>
      }
    />
  )
}

function QqGroups() {
  const games = useGames()
  return (
    <ListEditor<AdminQqGroup>
      path="/admin/qq-groups"
      noun="QQ 群"
      nameOf={(row) => row.name}
      blank={{ name: '', number: '', gameId: null, full: false, sort: 0 }}
      columns={[
        {
          title: '游戏',
          dataIndex: 'gameId',
          width: 140,
          render: (_, row) =>
            row.gameId === null
              ? '平台通用群'
              : (games.find((game) => game.id === row.gameId)?.name ?? `#${row.gameId}`),
        },
        { title: '群名称', dataIndex: 'name' },
        { title: '群号', dataIndex: 'number', width: 140 },
        {
          title: '状态',
          dataIndex: 'full',
          width: 90,
          render: (_, row) => (row.full ? <Tag color="default">已满</Tag> : <Tag color="success">可加入</Tag>),
        },
        { title: '排序', dataIndex: 'sort', width: 70 },
      ]}
      fields={
        <>
          <ProFormSelect
            name="gameId"
            label="游戏"
            placeholder="平台通用群（不选游戏）"
            showSearch
            fieldProps={{ allowClear: true }}
            options={games.map((game) => ({ value: game.id, label: game.name }))}
            transform={(value?: number | null) => ({ gameId: value ?? null })}
          />
          <ProFormText
            name="name"
            label="群名称"
            fieldProps={{ maxLength: 40 }}
            rules={[{ required: true, whitespace: true }]}
          />
          <ProFormText
            name="number"
            label="群号"
            fieldProps={{ maxLength: 12 }}
            rules={[{ required: true, pattern: /^[1-9]\d{4,11}$/, message: '群号为 5–12 位数字' }]}
          />
          <ProFormSelect
            name="full"
            label="状态"
            options={[
              { value: false, label: '可加入' },
              { value: true, label: '已满' },
            ]}
          />
          {sortField}
        </>
      }
    />
  )
}

export default function Content() {
  return (
    <Card>
      <Tabs
        items={[
          { key: 'banners', label: '轮播图与主播', children: <Banners /> },
          { key: 'social', label: '官方账号', children: <SocialAccounts /> },
          { key: 'contacts', label: '客服', children: <ServiceContacts /> },
          { key: 'groups', label: 'QQ 群', children: <QqGroups /> },
        ]}
      />
    </Card>
  )
}
