import {
  decodeEntities,
  parseRichText,
  richTextToPlain,
  type RichTextElement,
  type RichTextNode,
} from '@/utils/richText'

/** The nodes back as HTML-like text, to compare whole trees at a glance. */
function show(nodes: RichTextNode[]): string {
  return nodes
    .map((node) => {
      if ('type' in node) return node.text
      const attrs = Object.entries(node.attrs)
        .filter(([key]) => key !== 'class')
        .map(([key, value]) => ` ${key}="${value}"`)
        .join('')
      return `<${node.name}${attrs}>${show(node.children)}</${node.name}>`
    })
    .join('')
}

const elements = (nodes: RichTextNode[]): RichTextElement[] =>
  nodes.flatMap((node) => ('type' in node ? [] : [node, ...elements(node.children)]))

describe('parseRichText', () => {
  it('keeps the formatting of a notice: paragraphs, headings, emphasis, lists, tables, links and images', () => {
    const html =
      '<h3>交易流程</h3><p>买家<strong>付款</strong>后，资金由<em>平台</em>托管。<br>确认收货后放款。</p>' +
      '<ul><li>找回包赔</li><li>人脸包赔</li></ul><ol start="3"><li>第三步</li></ol>' +
      '<table><thead><tr><th>成交价</th><th>服务费</th></tr></thead><tbody><tr><td colspan="2">¥8</td></tr></tbody></table>' +
      '<blockquote>谨防诈骗</blockquote><p><a href="https://example.com/guide">指南</a> <a href="/index/articleDetail?id=3">须知</a></p>' +
      '<p><img src="/uploads/fee.png" alt="费用表" width="600"></p>'
    expect(show(parseRichText(html))).toBe(
      '<h3>交易流程</h3><p>买家<strong>付款</strong>后，资金由<em>平台</em>托管。<br></br>确认收货后放款。</p>' +
        '<ul><li>找回包赔</li><li>人脸包赔</li></ul><ol start="3"><li>第三步</li></ol>' +
        '<table><thead><tr><th>成交价</th><th>服务费</th></tr></thead><tbody><tr><td colspan="2">¥8</td></tr></tbody></table>' +
        '<blockquote>谨防诈骗</blockquote><p><a href="https://example.com/guide" target="_blank" rel="noopener noreferrer nofollow">指南</a> ' +
        '<a href="/index/articleDetail?id=3">须知</a></p>' +
        '<p><img src="/uploads/fee.png" alt="费用表" width="600" style="max-width:100%;height:auto;display:block;margin:8px auto;"></img></p>',
    )
  })

  it('classes every element by its tag, so the styles reach it inside rich-text on every target', () => {
    const nodes = parseRichText('<p>a<strong>b</strong></p><img src="https://cdn.example.com/a.png">')
    expect(elements(nodes).map((e) => e.attrs.class)).toEqual(['rt-p', 'rt-strong', 'rt-img'])
  })

  it('drops scripts, styles and frames with their content', () => {
    const html =
      '<p>前</p><script>alert(1)</script><SCRIPT type="text/javascript">steal()</SCRIPT>' +
      '<style>body{display:none}</style><iframe src="https://evil.example"></iframe><svg><script>x()</script></svg>' +
      '<noscript><img src=x></noscript><p>后</p><script>never closed'
    expect(show(parseRichText(html))).toBe('<p>前</p><p>后</p>')
  })

  it('drops event handlers and every attribute not on the list', () => {
    const nodes = parseRichText(
      '<p onclick="steal()" id="x" class="evil" data-x="1">文字</p>' +
        '<img src="/uploads/a.png" onerror="steal()" onload=\'x()\' ONERROR=y alt="图">' +
        '<a href="/index/home" onmouseover="x()" target="_top">首页</a>',
    )
    expect(show(nodes)).toBe(
      '<p>文字</p><img src="/uploads/a.png" alt="图" style="max-width:100%;height:auto;display:block;margin:8px auto;"></img>' +
        '<a href="/index/home">首页</a>',
    )
    const names = elements(nodes).flatMap((e) => Object.keys(e.attrs))
    expect(names.filter((n) => n.startsWith('on'))).toEqual([])
  })

  it('drops javascript:, data: and vbscript: URLs however they are disguised', () => {
    const links = [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java&#10;script:alert(1)',
      '&#106;avascript:alert(1)',
      '&#x6A;avascript:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
    ]
    for (const href of links) {
      const [a] = parseRichText(`<a href="${href}">链接</a>`) as RichTextElement[]
      expect({ href, kept: a.attrs.href }).toEqual({ href, kept: undefined })
      expect(a.children).toEqual([{ type: 'text', text: '链接' }])
    }
    // An image whose address is not http(s) or our own is dropped entirely.
    expect(parseRichText('<img src="data:image/png;base64,AAAA"><img src="javascript:x()"><img>')).toEqual([])
    // Harmless schemes stay.
    const [mail] = parseRichText('<a href="mailto:hr@haoanxin.example">邮件</a>') as RichTextElement[]
    expect(mail.attrs.href).toBe('mailto:hr@haoanxin.example')
  })

  it('keeps only colour, alignment and weight of inline styles', () => {
    const [p] = parseRichText(
      '<p style="color:#ff5a1f; text-align:center; position:fixed; background:url(javascript:x)">红字</p>',
    ) as RichTextElement[]
    expect(p.attrs.style).toBe('color:#ff5a1f;text-align:center;')
    const [span] = parseRichText('<span style="color: expression(alert(1))">x</span>') as RichTextElement[]
    expect(span.attrs.style).toBeUndefined()
  })

  it('unwraps unknown tags but keeps their text, and ignores comments and stray closing tags', () => {
    const html = '<article><font color="red">保留</font><!-- <script>x()</script> --></article></div><p>尾</p>'
    expect(show(parseRichText(html))).toBe('保留<p>尾</p>')
  })

  it('decodes entities in text once, and leaves a lone < as text', () => {
    expect(richTextToPlain(parseRichText('<p>A&amp;B &lt;b&gt; &#20215;&#x683C; 1 < 2 &amp;lt; &unknown;</p>'))).toBe(
      'A&B <b> 价格 1 < 2 &lt; &unknown;',
    )
    expect(decodeEntities('&nbsp;&#0;&#xD800;')).toBe('\u00a0\ufffd\ufffd')
  })

  it('resolves image addresses for the target and survives hostile input', () => {
    const [img] = parseRichText('<img src="/uploads/a.png">', { resolveImage: (src) => `https://api.example${src}` })
    expect((img as RichTextElement).attrs.src).toBe('https://api.example/uploads/a.png')
    expect(parseRichText('<constructor>x</constructor><p title="__proto__">y</p>')).toEqual([
      { type: 'text', text: 'x' },
      { name: 'p', attrs: { class: 'rt-p' }, children: [{ type: 'text', text: 'y' }] },
    ])
    const deep = '<div>'.repeat(5000) + '深' + '</div>'.repeat(5000)
    expect(richTextToPlain(parseRichText(deep))).toBe('深')
    expect(parseRichText('')).toEqual([])
  })
})
