/**
 * Staff sign-in: name, password and the authenticator's code. A first sign-in (no authenticator yet) answers
 * a secret instead of a session: its otpauth QR is shown to scan, and the same form with the first code
 * completes the enrolment. Plain antd (not the pro components): it is the first screen, kept light.
 */
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons'
import type { StaffEnrolment, StaffLogin, StaffLoginResult } from '@contract/staff'
import { Alert, Button, Form, Input, QRCode, Space, Typography } from 'antd'
import { useState } from 'react'
import { api, ApiError } from './api'
import { useSession } from './session'

/** A card without antd's Card, whose tabs and skeleton would ride along on the first screen. */
const PANEL = {
  width: 400,
  height: 'fit-content',
  padding: 32,
  background: '#fff',
  borderRadius: 8,
  boxShadow: '0 1px 2px rgba(0, 0, 0, 0.06), 0 1px 6px rgba(0, 0, 0, 0.04)',
} as const

export default function SignIn() {
  const { signIn } = useSession()
  const [enrolment, setEnrolment] = useState<StaffEnrolment['enrolment']>()
  const [refusal, setRefusal] = useState<string>()
  const [busy, setBusy] = useState(false)

  const submit = async (form: StaffLogin) => {
    setRefusal(undefined)
    setBusy(true)
    try {
      const result = await api.post<StaffLoginResult>('/admin/login', { ...form, totp: form.totp || undefined })
      if ('enrolment' in result) setEnrolment(result.enrolment)
      else await signIn(result.token)
    } catch (error) {
      setRefusal(error instanceof ApiError ? error.message : '登录失败，请重试')
    } finally {
      setBusy(false)
    }
  }

  return (
    <div
      style={{ minHeight: '100vh', background: '#F5F6F8', display: 'flex', justifyContent: 'center', paddingTop: 96 }}
    >
      <div style={PANEL}>
        <Typography.Title level={3} style={{ textAlign: 'center', marginBottom: 4 }}>
          号安心 管理后台
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center', marginBottom: 24 }}>
          员工登录：密码 + 验证器动态码
        </Typography.Paragraph>
        {refusal && <Alert type="error" showIcon message={refusal} style={{ marginBottom: 16 }} />}
        <Form<StaffLogin> size="large" onFinish={submit} disabled={busy}>
          <Form.Item name="username" rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}>
            <Input prefix={<UserOutlined />} placeholder="用户名" autoComplete="username" />
          </Form.Item>
          <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
            <Input.Password prefix={<LockOutlined />} placeholder="密码" autoComplete="current-password" />
          </Form.Item>
          {enrolment && (
            <Space direction="vertical" align="center" style={{ width: '100%', marginBottom: 16 }}>
              <Typography.Text>首次登录：用验证器 App 扫描二维码，再填入它显示的 6 位动态码</Typography.Text>
              <QRCode value={enrolment.otpauthUrl} size={184} />
              <Typography.Text type="secondary">
                无法扫码时手动输入密钥：
                <Typography.Text code copyable>
                  {enrolment.secret}
                </Typography.Text>
              </Typography.Text>
            </Space>
          )}
          <Form.Item
            name="totp"
            rules={[
              { required: !!enrolment, message: '请输入验证器上的动态码' },
              { pattern: /^\d{6}$/, message: '动态码是 6 位数字' },
            ]}
          >
            <Input
              prefix={<SafetyOutlined />}
              maxLength={6}
              inputMode="numeric"
              autoComplete="one-time-code"
              placeholder={enrolment ? '验证器上的 6 位动态码' : '6 位动态码（首次登录可不填）'}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {enrolment ? '绑定并登录' : '登录'}
          </Button>
        </Form>
      </div>
    </div>
  )
}
