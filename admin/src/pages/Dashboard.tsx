/** 工作台: what waits for a person now (each count opens its desk), and 30 days of orders, GMV and new listings. */
import { PageContainer, ProCard } from '@ant-design/pro-components'
import type { Dashboard as DashboardData } from '@contract/dashboard'
import type { StaffRole } from '@contract/staff'
import { Alert, Spin, Statistic } from 'antd'
import { lazy, Suspense, useEffect, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { api, ApiError } from '../api'
import { yuan } from '../format'
import { useSession } from '../session'

const DayChart = lazy(() => import('../components/DayChart'))

const COUNTS: { key: keyof DashboardData['counts']; title: string; path: string; roles: StaffRole[] }[] = [
  { key: 'pendingReview', title: '待审核', path: '/review', roles: ['reviewer'] },
  { key: 'toHandOver', title: '待移交', path: '/orders?status=paid&kind=sale', roles: ['service'] },
  { key: 'openAftersale', title: '待处理售后', path: '/aftersale', roles: ['service', 'finance'] },
  { key: 'rentalComplaints', title: '租号投诉', path: '/rentals?status=disputed', roles: ['service', 'finance'] },
  { key: 'failedPayouts', title: '打款失败', path: '/payouts?status=failed', roles: ['finance'] },
  { key: 'unansweredFeedback', title: '未回复反馈', path: '/feedback', roles: ['service'] },
  { key: 'pendingMerchants', title: '号商申请', path: '/merchants', roles: ['service'] },
  { key: 'pendingAppraisals', title: '待估价', path: '/appraisals?status=pending', roles: ['reviewer'] },
]

const yuanWhole = (fen: number) => yuan(fen).replace(/\.00$/, '')

export default function Dashboard() {
  const { can } = useSession()
  const navigate = useNavigate()
  const [data, setData] = useState<DashboardData>()
  const [failure, setFailure] = useState<string>()
  useEffect(() => {
    api
      .get<DashboardData>('/admin/dashboard')
      .then(setData, (error) => setFailure(error instanceof ApiError ? error.message : '加载失败'))
  }, [])
  if (failure) return <Alert type="error" showIcon message={failure} />
  if (!data) return <Spin style={{ display: 'block', margin: '80px auto' }} />
  const days = data.days.map((d) => d.day)
  const charts = [
    { title: '订单数', values: data.days.map((d) => d.orders), color: '#2E90FA' },
    { title: 'GMV（已支付）', values: data.days.map((d) => d.gmv), color: '#FF5A1F', format: yuanWhole },
    { title: '新发布商品', values: data.days.map((d) => d.listings), color: '#12B76A' },
  ]
  return (
    <PageContainer title="工作台" subTitle="需要处理的事项与近 30 天走势">
      <ProCard gutter={16} ghost wrap>
        {COUNTS.map(({ key, title, path, roles }) => {
          const mine = can(roles)
          return (
            <ProCard key={key} colSpan={6} hoverable={mine} onClick={mine ? () => navigate(path) : undefined} bordered>
              <Statistic
                title={title}
                value={data.counts[key]}
                valueStyle={data.counts[key] > 0 ? { color: '#FF5A1F' } : undefined}
              />
            </ProCard>
          )
        })}
      </ProCard>
      <ProCard gutter={16} ghost wrap style={{ marginTop: 16 }}>
        {charts.map((chart) => (
          <ProCard key={chart.title} title={chart.title} colSpan={{ xs: 24, xl: 8 }} bordered>
            <Suspense fallback={<Spin />}>
              <DayChart days={days} values={chart.values} color={chart.color} format={chart.format} />
            </Suspense>
          </ProCard>
        ))}
      </ProCard>
    </PageContainer>
  )
}
