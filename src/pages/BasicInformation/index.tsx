import { usePageParams } from '@/navigation'
import SellForm from './SellForm'

/** 基本信息: list an account of one game for sale (or resubmit listing `id`); with `mode=appraise`, 估价 it. */
export default function BasicInformationPage() {
  const { mode } = usePageParams()
  return <SellForm mode={mode === 'appraise' ? 'appraise' : 'sell'} />
}
