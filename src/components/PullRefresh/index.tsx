/** Mini-programs pull to refresh natively (page config + usePullDownRefresh in usePagedList): nothing to draw. */
export default function PullRefresh(_props: { onRefresh: () => Promise<unknown> }) {
  return null
}
