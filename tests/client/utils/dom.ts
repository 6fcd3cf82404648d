import { act, fireEvent, waitFor } from '@testing-library/react'

/** The element with this accessible name, once it is rendered. */
export async function byLabel(label: string): Promise<HTMLElement> {
  let found: HTMLElement | null = null
  await waitFor(() => {
    found = document.querySelector(`.taro_page_show [aria-label="${label}"]`)
    expect(found).not.toBeNull()
  })
  return found as unknown as HTMLElement
}

/**
 * Types into a Taro Input or Textarea: the test sends the event the component itself emits on every keystroke,
 * `input` with `detail.value`.
 */
export async function typeInto(label: string, value: string): Promise<void> {
  await keystroke(await byLabel(label), value)
}

/**
 * Waits for the web component to have drawn its own field first, as a person can only type into a drawn field:
 * before that, the value React sets back on it reaches a component with no field and throws inside it.
 */
async function keystroke(host: HTMLElement, value: string): Promise<void> {
  await waitFor(() => expect(host.querySelector('input, textarea')).not.toBeNull())
  act(() => {
    host.dispatchEvent(new CustomEvent('input', { detail: { value, cursor: value.length }, bubbles: true }))
  })
}

/** Fills the login page's password form (captcha answered `ab12`, the agreement ticked) and presses 登录. */
export async function signInWithPassword(username: string, password: string): Promise<void> {
  await byLabel('图形验证码')
  await typeInto('用户名', username)
  await typeInto('密码', password)
  await typeInto('图形验证码', 'ab12')
  fireEvent.click(await byLabel('我已阅读并同意用户协议和隐私政策'))
  await clickButton('登录')
}

/** Clicks the button (or tab) labelled `text` on the visible page. */
export async function clickButton(text: string): Promise<void> {
  let target: Element | undefined
  await waitFor(() => {
    target = [
      ...document.querySelectorAll(
        '.taro_page_show taro-button-core, .taro_page_show [role=button], .taro_page_show [role=tab]',
      ),
    ].find((el) => el.textContent?.trim() === text)
    expect(target).toBeDefined()
  })
  fireEvent.click(target as Element)
}

/** The page on top of the stack (pages below it stay in the document, hidden with taro_page_shade). */
export function visiblePage(): HTMLElement {
  const shown = document.querySelectorAll('.taro_page_show:not(.taro_page_shade)')
  return shown[shown.length - 1] as HTMLElement
}

/** The element on the visible page matching `selector`, once it is there. */
export async function findOnPage(selector: string): Promise<HTMLElement> {
  let found: HTMLElement | null = null
  await waitFor(() => {
    found = visiblePage()?.querySelector(selector) ?? null
    expect(found).not.toBeNull()
  })
  return found as unknown as HTMLElement
}

/** Types into the open prompt (PromptDialog), as its Taro Input reports a keystroke. */
export async function typePrompt(value: string): Promise<void> {
  await keystroke(await findOnPage('.prompt-dialog__input'), value)
}

/** Answers the house dialog (components/Dialog) once it is up: its confirm, or 取消; returns its text. */
export async function answerDialog(confirm: boolean): Promise<string> {
  let dialog: HTMLElement | null = null
  await waitFor(() => {
    dialog = document.querySelector('[role=alertdialog]')
    expect(dialog).not.toBeNull()
  })
  const found = dialog as unknown as HTMLElement
  const text = found.textContent ?? ''
  const buttons = found.querySelectorAll('[role=button]')
  fireEvent.click(confirm ? buttons[buttons.length - 1] : buttons[0])
  await waitFor(() => expect(document.querySelector('[role=alertdialog]')).toBeNull())
  return text
}

/**
 * jsdom lays nothing out, so it has no IntersectionObserver: this one (installed by setup.ts) only records
 * what is watched, and `scrollNear` tells a place's observer that the reader has come close.
 */
const watched = new Map<Element, { callback: IntersectionObserverCallback; observer: IntersectionObserver }>()

export class RecordingIntersectionObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    watched.set(target, { callback: this.callback, observer: this as unknown as IntersectionObserver })
  }
  unobserve(target: Element) {
    watched.delete(target)
  }
  disconnect() {
    for (const [target, watch] of watched) if (watch.callback === this.callback) watched.delete(target)
  }
  takeRecords() {
    return []
  }
}

/** Brings the watched place with this id on the current page near the screen. */
export async function scrollNear(id: string): Promise<void> {
  let target: Element | undefined
  await waitFor(() => {
    target = [...watched.keys()].find((element) => element.id === id && element.isConnected)
    expect(target).toBeDefined()
  })
  const { callback, observer } = watched.get(target as Element)!
  act(() => callback([{ target, isIntersecting: true } as IntersectionObserverEntry], observer))
}
