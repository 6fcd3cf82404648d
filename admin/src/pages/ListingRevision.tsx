/**
 * 编辑 in the review drawer: staff correct a listing's title, description, detail pictures (kept or dropped,
 * never added) and attributes — drawn from the template version the listing was written against — and say
 * why; the seller reads the reason. The server checks every field again and names the one it refuses.
 */
import { ModalForm, ProFormTextArea } from '@ant-design/pro-components'
import { sellFormFields } from '@contract/attributes'
import type { AttributeField, AttributeValue } from '@contract/catalogue'
import type { AdminListingDetail, ListingRevision } from '@contract/consignment'
import { Button, Checkbox, Form, Image, Input, InputNumber, Select, Space, type FormInstance } from 'antd'
import type { Rule } from 'antd/es/form'
import { api } from '../api'

type Values = Omit<ListingRevision, 'attributes'> & { attributes: Record<string, AttributeValue | undefined> }

/** One attribute's input by its field's type; Form.Item hands it `value` and `onChange`, passed on here. */
function AttributeInput({ field, ...control }: { field: AttributeField; value?: never; onChange?: never }) {
  const options = field.options.map((option) => ({ value: option.id, label: option.label }))
  switch (field.type) {
    case 'number':
      return <InputNumber {...control} min={0} style={{ width: '100%' }} addonAfter={field.unit || undefined} />
    case 'radio':
      return <Select {...control} allowClear options={options} />
    case 'checkbox':
      return <Select {...control} mode="multiple" allowClear options={options} />
    case 'date':
      return <Input {...control} placeholder="如 2020-01-31" />
    case 'text':
      return <Input {...control} maxLength={200} />
  }
}

const isEmpty = (value: AttributeValue | undefined) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)

interface Props {
  listing: AdminListingDetail
  /** The review drawer's `run`: the drawer reloads after a save. */
  run(action: () => Promise<unknown>, done: string, form: FormInstance): Promise<boolean>
}

export function ListingRevisionButton({ listing, run }: Props) {
  const [form] = Form.useForm<Values>()
  const fields = sellFormFields(listing.templateFields)
  const required = (label: string): Rule[] => [{ required: true, message: `请填写${label}` }]
  const submit = async ({ attributes, ...values }: Values) => {
    const filled = Object.fromEntries(Object.entries(attributes ?? {}).filter(([, value]) => !isEmpty(value)))
    return run(
      () => api.put(`/admin/goods/${listing.id}`, { ...values, attributes: filled }),
      '已修改，卖家会收到通知',
      form,
    )
  }
  return (
    <ModalForm<Values>
      title={`修改商品 #${listing.id}`}
      form={form}
      width={720}
      trigger={<Button>编辑</Button>}
      modalProps={{ destroyOnHidden: true, okText: '保存修改' }}
      initialValues={{
        title: listing.title,
        description: listing.description,
        images: listing.images,
        attributes: listing.attributes as Values['attributes'],
      }}
      onFinish={submit}
    >
      <Form.Item
        name="title"
        label="标题"
        rules={[...required('标题'), { min: 5, max: 60, message: '标题 5–60 个字' }]}
      >
        <Input maxLength={60} showCount />
      </Form.Item>
      <Form.Item name="description" label="描述">
        <Input.TextArea rows={4} maxLength={2000} showCount />
      </Form.Item>
      {listing.images.length > 0 && (
        <Form.Item name="images" label="详情图（取消勾选即删除）">
          <Checkbox.Group>
            <Space wrap>
              {listing.images.map((src) => (
                <Checkbox key={src} value={src}>
                  <Image src={src} width={72} height={72} style={{ objectFit: 'cover', borderRadius: 4 }} />
                </Checkbox>
              ))}
            </Space>
          </Checkbox.Group>
        </Form.Item>
      )}
      {fields.map((field) => (
        <Form.Item
          key={field.key}
          name={['attributes', field.key]}
          label={field.label}
          rules={field.required ? required(field.label) : []}
        >
          <AttributeInput field={field} />
        </Form.Item>
      ))}
      <ProFormTextArea
        name="reason"
        label="修改原因（会通知卖家）"
        fieldProps={{ maxLength: 200, showCount: true, rows: 2 }}
        rules={[{ required: true, whitespace: true, message: '请填写修改原因' }]}
      />
    </ModalForm>
  )
}
