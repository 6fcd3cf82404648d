import { Picker, Text, View } from '@tarojs/components'
import ChoiceChips from '@/components/ChoiceChips'
import Field, { InputField } from '@/components/Field'
import type { AttributeField } from '@/contract/catalogue'

/** One field of the game's sell form, by its type. */
export default function AttributeInput({
  field,
  value,
  error,
  onChange,
}: {
  field: AttributeField
  value: string | string[] | undefined
  error: string
  onChange: (value: string | string[]) => void
}) {
  const label = field.required ? `${field.label} *` : `${field.label}（选填）`
  if (field.type === 'radio') {
    return (
      <Field label={label}>
        <ChoiceChips
          label={field.label}
          options={field.options.map((o) => ({ value: o.id, label: o.label }))}
          value={typeof value === 'string' ? value : ''}
          onChange={onChange}
        />
      </Field>
    )
  }
  if (field.type === 'checkbox') {
    const chosen = Array.isArray(value) ? value : []
    return (
      <Field label={label}>
        <View className="choice-chips" role="group" aria-label={field.label}>
          {field.options.map((o) => {
            const on = chosen.includes(o.id)
            return (
              <View
                key={o.id}
                role="checkbox"
                aria-checked={on}
                className={`choice-chips__chip${on ? ' choice-chips__chip--on' : ''}`}
                onClick={() => onChange(on ? chosen.filter((id) => id !== o.id) : [...chosen, o.id])}
              >
                <Text>{o.label}</Text>
              </View>
            )
          })}
        </View>
      </Field>
    )
  }
  if (field.type === 'date') {
    return (
      <Field label={label}>
        <Picker
          mode="date"
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(String(e.detail.value))}
        >
          <View className="basic-information__picker" aria-label={field.label}>
            <Text className={value ? '' : 'basic-information__placeholder'}>{value || `选择${field.label}`}</Text>
          </View>
        </Picker>
      </Field>
    )
  }
  return (
    <InputField
      label={label}
      name={field.label}
      value={typeof value === 'string' ? value : ''}
      onChange={onChange}
      error={value ? error : ''}
      type={field.type === 'number' ? 'number' : 'text'}
      maxlength={field.type === 'number' ? 10 : 200}
      placeholder={field.unit ? `单位：${field.unit}` : `填写${field.label}`}
    />
  )
}
