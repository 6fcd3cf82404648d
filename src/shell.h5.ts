/**
 * The server paints an app shell into each page's HTML (server/shell.ts) so a slow network sees the page
 * at once; it goes as soon as the first page is shown (or, should that never come, stays as it is).
 */
export function dismissShellOnFirstPage(doc: Document = document): void {
  const shell = doc.getElementById('app-shell')
  if (!shell) return
  const shown = () => doc.querySelector('.taro_page_show') !== null
  if (shown()) return shell.remove()
  const watcher = new MutationObserver(() => {
    if (!shown()) return
    watcher.disconnect()
    shell.remove()
  })
  watcher.observe(doc.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] })
}
