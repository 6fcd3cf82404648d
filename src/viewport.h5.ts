/** The app is designed for phones: wider screens get a centred column of at most this width. */
export const MAX_WIDTH = 540

/** Root font size in px for a viewport width: one tenth of the width, capped at MAX_WIDTH (seed §9). */
export function rootFontSize(width: number): number {
  return Math.min(width, MAX_WIDTH) / 10
}

/** Keeps the root font size in step with the window; returns a function that stops it. */
export function installViewport(win: Window = window): () => void {
  const apply = () => {
    const width = win.document.documentElement.clientWidth || win.innerWidth
    win.document.documentElement.style.fontSize = `${rootFontSize(width)}px`
  }
  apply()
  win.addEventListener('resize', apply)
  win.addEventListener('orientationchange', apply)
  return () => {
    win.removeEventListener('resize', apply)
    win.removeEventListener('orientationchange', apply)
  }
}
