import { dismissShellOnFirstPage } from '@/shell'

/** The server-drawn shell (server/shell.ts) stays until the first page is shown, then goes. */
it('removes the shell once a page shows, not before', async () => {
  document.body.innerHTML = '<div id="app-shell"></div><div id="app"><div class="taro_page"></div></div>'
  dismissShellOnFirstPage()
  await Promise.resolve()
  expect(document.getElementById('app-shell')).not.toBeNull()
  document.querySelector('.taro_page')!.classList.add('taro_page_show')
  await new Promise((resolve) => setTimeout(resolve, 0))
  expect(document.getElementById('app-shell')).toBeNull()
})

it('does nothing without a shell, and removes it at once when a page is already shown', () => {
  document.body.innerHTML = '<div id="app"></div>'
  expect(() => dismissShellOnFirstPage()).not.toThrow()
  document.body.innerHTML = '<div id="app-shell"></div><div class="taro_page taro_page_show"></div>'
  dismissShellOnFirstPage()
  expect(document.getElementById('app-shell')).toBeNull()
})
