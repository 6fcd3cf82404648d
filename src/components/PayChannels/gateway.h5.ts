import type { PayStart } from '@/contract/payments'
import { routes } from '@/routes'

/** Where the gateway sends the browser back: the order page at its absolute URL on this site (H5). */
export function returnUrl(): string {
  return `${window.location.origin}${routes.find((r) => r.name === 'orderDetail')?.url ?? ''}`
}

/**
 * Sends the browser to the payment page: its URL, or the auto-submitting form when the gateway needs a
 * POST. Returns false when there is nothing to open.
 */
export function openGateway(start: PayStart): boolean {
  if (start.payUrl) {
    window.location.href = start.payUrl
    return true
  }
  if (start.form) {
    const holder = document.createElement('div')
    holder.style.display = 'none'
    holder.innerHTML = start.form
    document.body.appendChild(holder)
    const form = holder.querySelector('form')
    if (!form) return false
    form.submit()
    return true
  }
  return false
}
