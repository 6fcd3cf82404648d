/**
 * Notice HTML is sanitized when it is stored (seed and operator edits), with sanitize-html and an
 * allow-list: formatting, lists, tables, links and pictures stay; scripts, styles, frames, event
 * handlers and `javascript:`/`data:` URLs go. Clients sanitize again when they render (DOMAIN.md).
 */
import sanitize, { type IOptions } from 'sanitize-html'

/** Pictures come from an https site or from our own uploads; nothing else may be fetched by a reader. */
const IMAGE_SRC = /^(https?:\/\/[^\s]+|\/uploads\/[A-Za-z0-9_.-]+)$/i
const SIZE = /^\d{1,4}(px|%)?$/
const COLOR = /^(#[0-9a-f]{3,8}|rgba?\(\s*[\d.\s,%]+\)|[a-z]{3,20})$/i

const OPTIONS: IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'blockquote',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'a',
    'img',
    'span',
    'div',
  ],
  allowedAttributes: {
    a: ['href', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    span: ['style'],
    div: ['style'],
  },
  allowedStyles: {
    span: {
      color: [COLOR],
      'text-align': [/^(left|right|center|justify)$/],
      'font-weight': [/^(normal|bold|[1-9]00)$/],
    },
    div: {
      color: [COLOR],
      'text-align': [/^(left|right|center|justify)$/],
      'font-weight': [/^(normal|bold|[1-9]00)$/],
    },
  },
  // Relative URLs (an in-app route, `/uploads/…`) pass; `//host` would leave the site and is dropped.
  allowedSchemes: ['http', 'https'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // Their text is code or another document, not part of the notice.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'xmp',
    'noscript',
    'iframe',
    'template',
    'noembed',
    'noframes',
  ],
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener' } }),
    img: (tagName, attribs) => {
      const kept = { ...attribs }
      for (const size of ['width', 'height']) if (kept[size] !== undefined && !SIZE.test(kept[size])) delete kept[size]
      return { tagName, attribs: kept }
    },
  },
  exclusiveFilter: (frame) => {
    // A link whose address was refused keeps its words; a picture without an acceptable source goes.
    if (frame.tag === 'a' && !frame.attribs.href) return 'excludeTag'
    return frame.tag === 'img' && !IMAGE_SRC.test(frame.attribs.src ?? '')
  },
}

export function sanitizeHtml(html: string): string {
  return sanitize(html, OPTIONS).trim()
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" }

/** The words of a piece of HTML, blocks separated by a space: list rows show its opening. */
export function plainText(html: string, maxLength = Number.POSITIVE_INFINITY): string {
  const spaced = html.replace(/<(br|\/p|\/li|\/h[2-4]|\/td|\/th|\/div|\/blockquote)\b[^>]*>/gi, '$& ')
  const text = sanitize(spaced, { allowedTags: [], allowedAttributes: {}, nonTextTags: OPTIONS.nonTextTags })
    .replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity])
    .replace(/\s+/g, ' ')
    .trim()
  return [...text].slice(0, maxLength).join('')
}
