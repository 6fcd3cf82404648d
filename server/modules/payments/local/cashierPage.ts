/**
 * The local cashier pages: server-rendered HTML and one stylesheet (`/dev/cashier.css`), no script —
 * helmet's CSP allows none inline, and buttons are plain `<form method="post">`.
 */
import type { FastifyReply } from 'fastify'
import { formatPrice } from '../../../../src/contract/money'
import { CASHIER_PREFIX, type LocalTransfer } from './support'

export type CashierBrand = 'alipay' | 'wechat'

const BRAND_TITLE: Record<CashierBrand, string> = { alipay: '支付宝', wechat: '微信支付' }

export const CASHIER_CSS = `
*{box-sizing:border-box}
table.transfers{width:100%;border-collapse:collapse;font-size:13px;margin-top:8px}
.transfers th,.transfers td{padding:6px 4px;border-bottom:1px solid #eef0f3;text-align:left;vertical-align:top}
body{margin:0;font:15px/1.5 -apple-system,BlinkMacSystemFont,"PingFang SC","Noto Sans CJK SC","Microsoft YaHei",sans-serif;background:#f5f6f8;color:#1f2329}
header{color:#fff;padding:14px 16px;font-size:17px;font-weight:600}
.alipay header{background:#1677ff}.wechat header{background:#07c160}
header small{font-weight:400;opacity:.85;margin-left:6px;font-size:12px}
main{max-width:480px;margin:0 auto;padding:16px}
.card{background:#fff;border-radius:12px;padding:22px 16px;text-align:center;box-shadow:0 1px 3px rgba(0,0,0,.06)}
.subject{color:#646a73;word-break:break-all}
.amount{font-size:34px;font-weight:700;margin:6px 0 4px;letter-spacing:.5px}
.meta{color:#8f959e;font-size:12px;word-break:break-all}
.state{margin:12px 0 0;color:#d83931;font-weight:600}
.note{color:#8f959e;font-size:12px;margin:14px 4px 0;line-height:1.6}
form{margin:14px 0 0}
button{width:100%;height:46px;border:0;border-radius:23px;font-size:16px;cursor:pointer}
.pay{color:#fff}.alipay .pay{background:#1677ff}.wechat .pay{background:#07c160}
.cancel{background:#fff;color:#646a73;border:1px solid #dee0e3}
`

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

export interface CashierView {
  brand: CashierBrand
  subject: string
  amount: number
  outTradeNo: string
  /** Why the trade cannot be paid (交易已关闭 / 该交易已支付); absent → 支付 is offered. */
  closedReason?: string
  /** Hidden fields both buttons post back (the trade number is always one). */
  fields: Record<string, string>
  /** Where 支付 and 取消 post, under the prefix; default `<brand>/pay` and `<brand>/cancel`. */
  actions?: { pay: string; cancel: string }
}

function button(action: string, fields: Record<string, string>, className: string, label: string) {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('')
  return `<form method="post" action="${CASHIER_PREFIX}/${action}">${inputs}<button class="${className}" type="submit">${label}</button></form>`
}

function layout(brand: CashierBrand, title: string, body: string) {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<link rel="icon" href="data:,"><link rel="stylesheet" href="${CASHIER_PREFIX}/cashier.css"></head>
<body class="${brand}"><header>${BRAND_TITLE[brand]}<small>本地测试收银台</small></header><main>${body}</main></body></html>`
}

export function sendCashier(reply: FastifyReply, view: CashierView) {
  const open = !view.closedReason
  const fields = { ...view.fields, out_trade_no: view.outTradeNo }
  const actions = view.actions ?? { pay: `${view.brand}/pay`, cancel: `${view.brand}/cancel` }
  const body = `<div class="card"><div class="subject">${escapeHtml(view.subject)}</div>
<div class="amount">${formatPrice(view.amount)}</div><div class="meta">商户订单号 ${escapeHtml(view.outTradeNo)}</div>
${open ? '' : `<p class="state">${escapeHtml(view.closedReason!)}</p>`}</div>
${open ? button(actions.pay, fields, 'pay', `确认支付 ${formatPrice(view.amount)}`) : ''}
${button(actions.cancel, fields, 'cancel', open ? '取消支付' : '返回商户')}
<p class="note">本地模式，不会真实扣款。${open ? `点“确认支付”后，本收银台以网关密钥签名并向商户发送异步通知，与真实${BRAND_TITLE[view.brand]}一致。` : ''}</p>`
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(layout(view.brand, `${BRAND_TITLE[view.brand]}收银台`, body))
}

/** A page with one message: an error (with its status) or the end of a payment without a way back. */
export function sendCashierMessage(reply: FastifyReply, brand: CashierBrand, status: number, message: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(layout(brand, BRAND_TITLE[brand], `<div class="card">${escapeHtml(message)}</div>`))
}

/** `/dev/alipay/transfers`: what the local gateway has paid to sellers (and refused), newest first. */
export function sendTransfers(reply: FastifyReply, transfers: LocalTransfer[]) {
  const rows = transfers
    .map(
      (t) => `<tr><td>${escapeHtml(new Date(t.createdAt).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai' }))}</td>
<td>${escapeHtml(t.outBizNo)}</td><td>${escapeHtml(t.payeeName)} ${escapeHtml(t.payeeAccount)}</td>
<td class="amount-cell">${formatPrice(t.amount)}</td><td>${t.failure ? `失败：${escapeHtml(t.failure)}` : `成功 ${escapeHtml(t.orderId)}`}</td></tr>`,
    )
    .join('')
  const body = `<div class="card"><div class="subject">本地转账记录</div>
<p class="note">本地模式，不会真实打款：卖家货款与包赔赔付在此记录，与真实支付宝单笔转账的应答一致。</p>
${transfers.length ? `<table class="transfers"><tr><th>时间</th><th>商户单号</th><th>收款人</th><th>金额</th><th>结果</th></tr>${rows}</table>` : '<p class="note">还没有转账。</p>'}</div>`
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(layout('alipay', '支付宝转账', body))
}

/**
 * The script of a local stand-in for an app's in-browser bridge, only under that app's user agent: the pay
 * call opens a cashier page over the page in a frame; when the frame reaches `<done>?<result>=…` it is
 * removed and the call answers with `answer(result)`. `extra` is the body of `function other(name, params,
 * callback)` for the bridge's other calls.
 */
export function bridgeScript(bridge: {
  userAgent: RegExp
  global: string
  /** The bridge's entry: `invoke` (WeChat) or `call` (Alipay), and the name of its pay call. */
  entry: string
  payCall: string
  /** JS expression (of `params`) for the cashier's path and query under the prefix. */
  cashier: string
  done: string
  result: string
  /** JS expression (of `result`) for what the pay call's callback receives. */
  answer: string
  brand: CashierBrand
  extra: string
}): string {
  return `(function () {
  if (!${bridge.userAgent.toString()}.test(navigator.userAgent) || window.${bridge.global}) return
  function other(name, params, callback) {
${bridge.extra}
  }
  function entry(name, params, callback) {
    callback = callback || function () {}
    if (name !== '${bridge.payCall}') return other(name, params, callback)
    var frame = document.createElement('iframe')
    frame.src = '${CASHIER_PREFIX}/' + ${bridge.cashier}
    frame.title = '${BRAND_TITLE[bridge.brand]}'
    frame.style.cssText = 'position:fixed;top:0;left:0;width:100%;height:100%;border:0;z-index:2147483647;background:#f5f6f8'
    frame.addEventListener('load', function () {
      var where = frame.contentWindow.location
      if (where.pathname !== '${CASHIER_PREFIX}/${bridge.done}') return
      frame.remove()
      var result = new URLSearchParams(where.search).get('${bridge.result}')
      callback(${bridge.answer})
    })
    document.body.appendChild(frame)
  }
  window.${bridge.global} = { ${bridge.entry}: entry, on: function () {} }
  document.dispatchEvent(new Event('${bridge.global}Ready'))
})();
`
}
