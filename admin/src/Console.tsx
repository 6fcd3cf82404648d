/**
 * The console's frame once signed in: the menu of what the roles may open, and the screen. Loaded after
 * sign-in (App.tsx), so the sign-in page does not carry the pro components.
 */
import { LogoutOutlined } from '@ant-design/icons'
import { ProLayout } from '@ant-design/pro-components'
import { STAFF_ROLE_LABELS } from '@contract/constants'
import type { StaffMe } from '@contract/staff'
import { Dropdown, Result } from 'antd'
import { Suspense } from 'react'
import { Link, Route, Routes, useLocation } from 'react-router-dom'
import { Loading } from './Loading'
import { SCREENS } from './screens'
import { useSession } from './session'

export default function Console({ me }: { me: StaffMe }) {
  const { can, signOut } = useSession()
  const { pathname } = useLocation()
  const mine = SCREENS.filter((screen) => can(screen.roles))
  return (
    <ProLayout
      title="号安心 管理后台"
      logo={false}
      layout="mix"
      fixSiderbar
      location={{ pathname }}
      route={{ path: '/', routes: mine.map(({ path, name, icon }) => ({ path, name, icon })) }}
      menuItemRender={(item, dom) => <Link to={item.path ?? '/'}>{dom}</Link>}
      avatarProps={{
        title: `${me.nickName || me.username} · ${me.roles.map((role) => STAFF_ROLE_LABELS[role]).join('、')}`,
        size: 'small',
        render: (_props, dom) => (
          <Dropdown
            menu={{
              items: [{ key: 'signOut', icon: <LogoutOutlined />, label: '退出登录', onClick: () => void signOut() }],
            }}
          >
            {dom}
          </Dropdown>
        ),
      }}
    >
      <Suspense fallback={<Loading />}>
        <Routes>
          {SCREENS.map(({ path, Page, roles, name }) => (
            <Route
              key={path}
              path={path === '/' ? '/' : `${path}/*`}
              element={
                can(roles) ? (
                  <Page />
                ) : (
                  <Result status="403" title="没有权限" subTitle={`你的角色不能打开「${name}」`} />
                )
              }
            />
          ))}
          <Route path="*" element={<Result status="404" title="页面不存在" subTitle="请从左侧菜单进入" />} />
        </Routes>
      </Suspense>
    </ProLayout>
  )
}
