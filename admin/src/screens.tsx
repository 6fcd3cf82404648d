/**
 * The console's screens: path, menu name, icon, who may open them (the roles of the `/api/admin` calls they
 * make — the server checks each call; the menu only hides what would be refused), and the code, loaded when
 * the screen is first opened.
 */
import {
  AppstoreOutlined,
  AuditOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  FieldTimeOutlined,
  FileSearchOutlined,
  FundOutlined,
  MessageOutlined,
  NotificationOutlined,
  PictureOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingOutlined,
  StarOutlined,
  StopOutlined,
  TeamOutlined,
  TransactionOutlined,
} from '@ant-design/icons'
import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react'
import type { StaffRole } from '@contract/staff'

export interface Screen {
  path: string
  name: string
  icon: ReactNode
  roles: readonly StaffRole[]
  Page: LazyExoticComponent<ComponentType>
}

const EVERY_DESK: StaffRole[] = ['reviewer', 'service', 'editor', 'finance']

export const SCREENS: Screen[] = [
  {
    path: '/',
    name: '工作台',
    icon: <DashboardOutlined />,
    roles: EVERY_DESK,
    Page: lazy(() => import('./pages/Dashboard')),
  },
  {
    path: '/review',
    name: '商品审核',
    icon: <FileSearchOutlined />,
    roles: ['reviewer'],
    Page: lazy(() => import('./pages/Review').then((m) => ({ default: m.ReviewQueue }))),
  },
  {
    path: '/goods',
    name: '商品管理',
    icon: <AppstoreOutlined />,
    roles: ['reviewer'],
    Page: lazy(() => import('./pages/Review').then((m) => ({ default: m.AllListings }))),
  },
  {
    path: '/orders',
    name: '订单',
    icon: <ShoppingOutlined />,
    roles: ['service', 'finance'],
    Page: lazy(() => import('./pages/Orders')),
  },
  {
    path: '/aftersale',
    name: '售后',
    icon: <CustomerServiceOutlined />,
    roles: ['service', 'finance'],
    Page: lazy(() => import('./pages/Aftersale')),
  },
  {
    path: '/rentals',
    name: '租号',
    icon: <FieldTimeOutlined />,
    roles: ['service', 'finance'],
    Page: lazy(() => import('./pages/Rentals')),
  },
  {
    path: '/claims',
    name: '包赔',
    icon: <SafetyCertificateOutlined />,
    roles: ['service', 'finance'],
    Page: lazy(() => import('./pages/Claims')),
  },
  {
    path: '/reviews',
    name: '评价',
    icon: <StarOutlined />,
    roles: ['service'],
    Page: lazy(() => import('./pages/Reviews')),
  },
  {
    path: '/payouts',
    name: '打款',
    icon: <TransactionOutlined />,
    roles: ['finance'],
    Page: lazy(() => import('./pages/Payouts')),
  },
  {
    path: '/users',
    name: '用户',
    icon: <TeamOutlined />,
    roles: ['service'],
    Page: lazy(() => import('./pages/Users')),
  },
  {
    path: '/appraisals',
    name: '估价',
    icon: <FundOutlined />,
    roles: ['reviewer'],
    Page: lazy(() => import('./pages/Appraisals')),
  },
  {
    path: '/merchants',
    name: '号商申请',
    icon: <ShopOutlined />,
    roles: ['service'],
    Page: lazy(() => import('./pages/Merchants')),
  },
  {
    path: '/feedback',
    name: '反馈',
    icon: <MessageOutlined />,
    roles: ['service'],
    Page: lazy(() => import('./pages/Feedback')),
  },
  {
    path: '/blacklist',
    name: '黑名单',
    icon: <StopOutlined />,
    roles: ['reviewer', 'service'],
    Page: lazy(() => import('./pages/Blacklist')),
  },
  {
    path: '/catalogue',
    name: '目录',
    icon: <DatabaseOutlined />,
    roles: ['editor'],
    Page: lazy(() => import('./pages/Catalogue')),
  },
  {
    path: '/notices',
    name: '公告',
    icon: <NotificationOutlined />,
    roles: ['editor'],
    Page: lazy(() => import('./pages/Notices')),
  },
  {
    path: '/content',
    name: '内容',
    icon: <PictureOutlined />,
    roles: ['editor'],
    Page: lazy(() => import('./pages/Content')),
  },
  {
    path: '/settings',
    name: '设置',
    icon: <SettingOutlined />,
    roles: [],
    Page: lazy(() => import('./pages/Settings')),
  },
  {
    path: '/audit',
    name: '审计日志',
    icon: <AuditOutlined />,
    roles: [],
    Page: lazy(() => import('./pages/AuditLog')),
  },
]
