import { usePageParams } from '@/navigation'
import SellForm from './SellForm'

/**
 * 基本信息: list an account of one game for sale (or resubmit listing `id`); with `mode=appraise`, 估价 it; with
 * `mode=escrow`, enter the account of 中介担保 ticket `ticketId` at its agreed price.
 */
export default function BasicInformationPage() {
  const { mode } = usePageParams()
  return <SellForm mode={mode === 'appraise' || mode === 'escrow' ? mode : 'sell'} />
}
