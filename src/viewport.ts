/** Mini-programs size everything in rpx, so there is no root font size to manage there. */
export function installViewport(): () => void {
  return () => undefined
}
