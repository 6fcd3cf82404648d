import SellForm from '../BasicInformation/SellForm'

/** 竞价回收: the selling form, offered to merchants for sealed bids above a reserve they never see. */
export default function JingjiahuishouPage() {
  return <SellForm mode="recycle" />
}
