/** 验号: asks why, fetches the account's sign-in (the server logs each look), and shows it once in a modal. */
import type { Credentials } from '@contract/orders'
import { Alert, Descriptions, Modal, Typography } from 'antd'
import { useState } from 'react'
import { ReasonButton } from './ReasonButton'
import { useAct } from './useAct'

export function RevealButton({ load }: { load(reason: string): Promise<Credentials> }) {
  const act = useAct()
  const [shown, setShown] = useState<Credentials>()
  return (
    <>
      <ReasonButton
        label="验号"
        title="查看账号信息"
        templates={['验号：核对账号与描述是否一致', '换绑：协助买家更换绑定', '买家反馈无法登录，核实密码']}
        onConfirm={(reason) => act(async () => setShown(await load(reason)), '本次查看已记录')}
      />
      <Modal open={!!shown} title="账号信息" footer={null} onCancel={() => setShown(undefined)} destroyOnHidden>
        <Alert
          type="warning"
          showIcon
          message="本次查看已写入审计日志。请勿截图或外传。"
          style={{ marginBottom: 16 }}
        />
        {shown && (
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label="游戏账号">
              <Typography.Text copyable>{shown.account}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="游戏密码">
              <Typography.Text copyable>{shown.password}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="备注">{shown.notes || '—'}</Descriptions.Item>
          </Descriptions>
        )}
      </Modal>
    </>
  )
}
