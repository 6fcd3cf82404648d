export interface ShareButtonProps {
  /** The page shared, as its H5 address (`/index/goodDetail?id=7`). */
  url: string
  /** The look of the bar it sits in. */
  className: string
  labelClassName: string
  /** The card a shared link shows inside WeChat (mini-programs: the page's own share hooks give it). */
  card: { title: string; desc: string; imageUrl: string }
}
