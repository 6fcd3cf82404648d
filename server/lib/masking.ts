/**
 * The off-platform guard: QQ numbers, WeChat ids, phone numbers and links in a person's message are masked
 * for the other party (staff read the original). Full-width digits and letters are read as their plain
 * forms first, so "１３８…" is caught like "138…" (Chinese punctuation is left as written).
 */
const MASK = '***'
const FULL_WIDTH_ALNUM = /[\uff10-\uff19\uff21-\uff3a\uff41-\uff5a]/g

const RULES: RegExp[] = [
  // Links: a scheme or www., or a bare domain of the usual endings.
  /(?:https?:\/\/|www\.)\S+|\b[a-z0-9][-a-z0-9]*\.(?:com|cn|net|org|top|xyz|cc|io|me|vip|link|site)\b(?:\/\S*)?/gi,
  // WeChat ids after what names them (微信, vx, wx …), or wxid_ ids anywhere.
  /(?:微信|薇信|威信|v信|vx|wx|weixin|wechat)\s*(?:号|id)?\s*[:：]?\s*[a-z][-_a-z0-9]{5,19}|wxid_[a-z0-9]{6,}/gi,
  // Mobile phone numbers, spaces or dashes between the digits allowed.
  /(?<!\d)1[3-9]\d(?:[\s-]?\d){8}(?!\d)/g,
  // QQ numbers after what names them (QQ, 扣扣, 企鹅 …), from five digits.
  /(?:qq|扣扣|企鹅|q号|q)\s*[:：号]?\s*[1-9]\d{4,10}(?!\d)/gi,
  // Any other run of 6–11 digits reads as a QQ number (prices are written shorter, or with 元).
  /(?<![\d.])[1-9]\d{5,10}(?![\d.]|\s*元|\s*块)/g,
]

/** The text as the other party reads it, and whether anything was masked. */
export function maskContacts(text: string): { text: string; masked: boolean } {
  let result = text.replace(FULL_WIDTH_ALNUM, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
  let masked = false
  for (const rule of RULES) {
    result = result.replace(rule, () => {
      masked = true
      return MASK
    })
  }
  return masked ? { text: result, masked } : { text, masked }
}
