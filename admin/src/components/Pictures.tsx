import { Image, Space, Typography } from 'antd'

/** Screenshots a buyer, seller or renter sent as evidence, each opening large. */
export function Pictures({ urls }: { urls: string[] }) {
  if (urls.length === 0) return <Typography.Text type="secondary">无截图</Typography.Text>
  return (
    <Image.PreviewGroup>
      <Space wrap>
        {urls.map((url) => (
          <Image key={url} src={url} width={96} height={96} style={{ objectFit: 'cover' }} alt="凭证截图" />
        ))}
      </Space>
    </Image.PreviewGroup>
  )
}
