/**
 * Notice HTML → the `nodes` array of Taro's RichText, through a whitelist. The server sanitizes notices
 * when they are stored; this runs again on render so that whatever reaches the screen is only what is
 * listed here. It needs no DOM, so it works the same in the browser and in mini-programs.
 *
 * - Tags not listed are dropped; those that carry code or foreign documents (script, style, iframe…) are
 *   dropped with everything inside them, any other unknown tag is unwrapped and its text kept.
 * - Attributes not listed for their tag are dropped (so every on* handler, class and id); of inline styles
 *   only colour, alignment and weight stay, with values of a strict pattern.
 * - Links keep only http(s), mailto, tel and same-site URLs; images only http(s) and same-site ones.
 * - Every element gets the class `rt-<tag>` (styled by RichContent); images get a width limit inline.
 */

export interface RichTextElement {
  name: string
  attrs: Record<string, string>
  children: RichTextNode[]
}

export interface RichTextTextNode {
  type: 'text'
  text: string
}

export type RichTextNode = RichTextElement | RichTextTextNode

export interface ParseOptions {
  /** Turns an image address the server gave (e.g. `/uploads/x.png`) into one the target can load. */
  resolveImage?: (src: string) => string
}

const NUMBER = /^\d{1,4}$/

/** Own keys only: a tag named `constructor` must not find Object's. */
const has = (table: object, key: string): boolean => Object.prototype.hasOwnProperty.call(table, key)

/** The inline styles kept (the ones the server's sanitizer lets through), each value checked. */
const STYLES: Record<string, RegExp> = {
  color: /^(#[0-9a-f]{3,8}|rgba?\(\s*[\d.]+%?\s*,\s*[\d.]+%?\s*,\s*[\d.]+%?\s*(,\s*[\d.]+%?\s*)?\)|[a-z]{3,20})$/i,
  'text-align': /^(left|right|center|justify)$/i,
  'font-weight': /^(normal|bold|[1-9]00)$/i,
}

/** `color: red; position: fixed` → `color:red;` — only listed properties with values of their pattern. */
function cleanStyle(style: string): string | null {
  const kept = decodeEntities(style)
    .split(';')
    .map((declaration) => {
      const colon = declaration.indexOf(':')
      if (colon < 0) return ''
      const property = declaration.slice(0, colon).trim().toLowerCase()
      const value = declaration.slice(colon + 1).trim()
      return has(STYLES, property) && STYLES[property].test(value) ? `${property}:${value};` : ''
    })
    .join('')
  return kept || null
}

/** The tags kept, each with the attributes it may keep (values checked by `cleanAttribute`). */
const ALLOWED: Record<string, string[]> = {
  p: ['style'],
  div: ['style'],
  section: [],
  span: ['style'],
  br: [],
  hr: [],
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  del: [],
  ins: [],
  mark: [],
  small: [],
  sub: [],
  sup: [],
  code: [],
  pre: [],
  blockquote: [],
  ul: [],
  ol: ['start'],
  li: [],
  dl: [],
  dt: [],
  dd: [],
  table: [],
  caption: [],
  thead: [],
  tbody: [],
  tfoot: [],
  tr: [],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
  a: ['href', 'title'],
  img: ['src', 'alt', 'width', 'height'],
}

/** Dropped together with their content: code, styles, embedded documents, forms, foreign markup. */
const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'template',
  'noscript',
  'noembed',
  'textarea',
  'select',
  'option',
  'button',
  'svg',
  'math',
  'title',
  'head',
  'xmp',
  'plaintext',
  'canvas',
  'audio',
  'video',
])

/** Elements that never have content (no closing tag). */
const VOID = new Set(['br', 'hr', 'img', 'input', 'meta', 'link', 'base', 'col', 'area', 'source', 'wbr', 'param'])

const IMAGE_STYLE = 'max-width:100%;height:auto;display:block;margin:8px auto;'

/** Nesting beyond this is flattened into its parent (a hostile notice cannot build an endless tree). */
const MAX_DEPTH = 40

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  ensp: '\u2002',
  emsp: '\u2003',
  thinsp: '\u2009',
  copy: '©',
  reg: '®',
  trade: '™',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  middot: '·',
  bull: '•',
  times: '×',
  divide: '÷',
  yen: '¥',
  deg: '°',
  plusmn: '±',
}

/** `&amp;`, `&#38;`, `&#x26;` → `&`; anything that is not an entity stays as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});?/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10)
      const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
      return valid ? String.fromCodePoint(code) : '\ufffd'
    }
    const name = body.toLowerCase()
    return has(NAMED_ENTITIES, name) ? NAMED_ENTITIES[name] : whole
  })
}

/**
 * The scheme of a URL as a browser would read it: entities decoded, and the control characters and
 * spaces browsers ignore removed (`java&#10;script:`, ` javascript:` are still javascript:).
 */
function schemeOf(url: string): string | null {
  // eslint-disable-next-line no-control-regex -- the control characters are exactly what is removed
  const compact = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase()
  const match = /^([a-z][a-z0-9+.-]*):/.exec(compact)
  return match ? match[1] : null
}

function safeUrl(raw: string, schemes: string[]): string | null {
  const url = decodeEntities(raw).trim()
  if (!url) return null
  const scheme = schemeOf(url)
  if (scheme === null) return url.startsWith('\\') ? null : url
  return schemes.includes(scheme) ? url : null
}

function cleanAttribute(tag: string, name: string, value: string, options: ParseOptions): string | null {
  if (!has(ALLOWED, tag) || !ALLOWED[tag].includes(name)) return null
  switch (name) {
    case 'href':
      return safeUrl(value, ['http', 'https', 'mailto', 'tel'])
    case 'src': {
      const url = safeUrl(value, ['http', 'https'])
      return url && options.resolveImage ? options.resolveImage(url) : url
    }
    case 'style':
      return cleanStyle(value)
    case 'width':
    case 'height':
    case 'colspan':
    case 'rowspan':
    case 'start':
      return NUMBER.test(value.trim()) ? value.trim() : null
    default:
      return decodeEntities(value).slice(0, 200)
  }
}

const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(\/?)>/y
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g

function readAttributes(tag: string, source: string, options: ParseOptions): Record<string, string> {
  const attrs: Record<string, string> = {}
  ATTRIBUTE.lastIndex = 0
  // exec in a loop rather than matchAll: older mini-program engines lack it.
  for (let match = ATTRIBUTE.exec(source); match; match = ATTRIBUTE.exec(source)) {
    const name = match[1].toLowerCase()
    const value = match[2] ?? match[3] ?? match[4] ?? ''
    const clean = cleanAttribute(tag, name, value, options)
    if (clean !== null) attrs[name] = clean
  }
  return attrs
}

function finishElement(tag: string, attrs: Record<string, string>): Record<string, string> | null {
  if (tag === 'img') {
    if (!attrs.src) return null
    return { ...attrs, alt: attrs.alt ?? '', class: 'rt-img', style: IMAGE_STYLE }
  }
  if (tag === 'a') {
    const external = /^(https?:)?\/\//i.test(attrs.href ?? '')
    return { ...attrs, class: 'rt-a', ...(external ? { target: '_blank', rel: 'noopener noreferrer nofollow' } : {}) }
  }
  return { ...attrs, class: `rt-${tag}` }
}

/** Parses notice HTML into RichText nodes, keeping only what the whitelist allows. */
export function parseRichText(html: string, options: ParseOptions = {}): RichTextNode[] {
  const root: RichTextElement = { name: '#root', attrs: {}, children: [] }
  // Open elements; `null` marks an unwrapped (unknown) tag that still has to be closed.
  const stack: { tag: string; element: RichTextElement | null }[] = []
  const parent = (): RichTextElement => {
    for (let i = stack.length - 1; i >= 0; i--) {
      const element = stack[i].element
      if (element) return element
    }
    return root
  }
  const depth = () => stack.filter((s) => s.element).length
  const pushText = (text: string) => {
    if (!text) return
    const children = parent().children
    const last = children[children.length - 1]
    const decoded = decodeEntities(text)
    if (last && 'type' in last) last.text += decoded
    else children.push({ type: 'text', text: decoded })
  }

  let i = 0
  let textStart = 0
  while (i < html.length) {
    const lt = html.indexOf('<', i)
    if (lt < 0) break
    // Comments, doctypes, processing instructions and CDATA show nothing.
    if (html.startsWith('<!--', lt)) {
      pushText(html.slice(textStart, lt))
      const end = html.indexOf('-->', lt + 4)
      i = textStart = end < 0 ? html.length : end + 3
      continue
    }
    if (html[lt + 1] === '!' || html[lt + 1] === '?') {
      pushText(html.slice(textStart, lt))
      const end = html.indexOf('>', lt)
      i = textStart = end < 0 ? html.length : end + 1
      continue
    }
    TAG.lastIndex = lt
    const match = TAG.exec(html)
    if (!match) {
      i = lt + 1 // a lone "<" is text
      continue
    }
    pushText(html.slice(textStart, lt))
    i = textStart = TAG.lastIndex
    const closing = match[1] === '/'
    const tag = match[2].toLowerCase()

    if (closing) {
      const open = stack.map((s) => s.tag).lastIndexOf(tag)
      if (open >= 0) stack.length = open
      continue
    }
    if (DROP_WITH_CONTENT.has(tag)) {
      if (match[4] === '/') continue
      const end = html.toLowerCase().indexOf(`</${tag}`, i)
      if (end < 0) {
        i = textStart = html.length
      } else {
        const close = html.indexOf('>', end)
        i = textStart = close < 0 ? html.length : close + 1
      }
      continue
    }
    if (!has(ALLOWED, tag)) {
      if (!VOID.has(tag) && match[4] !== '/') stack.push({ tag, element: null })
      continue
    }
    const attrs = finishElement(tag, readAttributes(tag, match[3], options))
    if (!attrs) continue
    const element: RichTextElement = { name: tag, attrs, children: [] }
    parent().children.push(element)
    if (!VOID.has(tag) && match[4] !== '/' && depth() < MAX_DEPTH) stack.push({ tag, element })
  }
  pushText(html.slice(textStart))
  return root.children
}

/** The plain text of notice HTML (for a summary or an accessible name). */
export function richTextToPlain(nodes: RichTextNode[]): string {
  return nodes.map((node) => ('type' in node ? node.text : richTextToPlain(node.children))).join('')
}
