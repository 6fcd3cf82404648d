import { Spin } from 'antd'

export function Loading() {
  return <Spin size="large" style={{ display: 'block', margin: '120px auto' }} />
}
