import SellForm from './SellForm'

/** 基本信息: list an account of one game for sale (or resubmit listing `id`). */
export default function BasicInformationPage() {
  return <SellForm recycle={false} />
}
