import { plainText, sanitizeHtml } from '../../server/lib/html'

describe('sanitizeHtml', () => {
  test('keeps the formatting notices are written with', () => {
    const html =
      '<h2>标题</h2><h3>小节</h3><h4>细目</h4><p>正文 <strong>加粗</strong> <b>粗</b> <em>强调</em> <i>斜</i> <u>下划线</u><br>换行</p>' +
      '<ul><li>一</li></ul><ol><li>二</li></ol><blockquote>引用</blockquote>' +
      '<table><thead><tr><th colspan="2">表头</th></tr></thead><tbody><tr><td>格</td><td rowspan="1">格</td></tr></tbody></table>' +
      '<div style="text-align:center">居中</div><span style="color:#e4393c;font-weight:bold">红字</span>'
    expect(sanitizeHtml(html)).toBe(html.replace('<br>', '<br />'))
  })

  test('drops scripts, styles, frames and forms with their content', () => {
    const out = sanitizeHtml(
      '<p>前</p><script>alert(1)</script><style>p{display:none}</style><iframe src="https://x.example">框</iframe>' +
        '<noscript>无脚本</noscript><form action="/x"><input name="a"><button>提交</button></form><object data="x.swf"></object><p>后</p>',
    )
    expect(out).toBe('<p>前</p>提交<p>后</p>')
  })

  test('drops every event handler and any attribute not on the list', () => {
    const out = sanitizeHtml(
      '<p onclick="steal()" class="x" id="y">段</p><img src="/uploads/a.jpg" onerror="steal()" onload="x()">' +
        '<a href="https://ok.example" onmouseover="steal()" target="_blank">链</a><div style="color:red" onfocus="x">块</div>',
    )
    expect(out).toBe(
      '<p>段</p><img src="/uploads/a.jpg" /><a href="https://ok.example" rel="noopener">链</a><div style="color:red">块</div>',
    )
    expect(out).not.toMatch(/on\w+=/)
  })

  test('javascript:, data: and protocol-relative links lose their address but keep their words', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java&#x09;script:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      '//evil.example/x',
    ]) {
      expect(sanitizeHtml(`<a href="${href}">点我</a>`)).toBe('点我')
    }
  })

  test('links: http, https and in-app routes, always rel=noopener', () => {
    expect(sanitizeHtml('<a href="/index/articleDetail?id=3" rel="opener">站内</a>')).toBe(
      '<a href="/index/articleDetail?id=3" rel="noopener">站内</a>',
    )
    expect(sanitizeHtml('<a href="http://a.example/p">外</a>')).toBe(
      '<a href="http://a.example/p" rel="noopener">外</a>',
    )
  })

  test('pictures: https or our uploads only; size attributes must be sizes', () => {
    expect(sanitizeHtml('<img src="https://cdn.example/a.png" alt="图" width="300" height="200px">')).toBe(
      '<img src="https://cdn.example/a.png" alt="图" width="300" height="200px" />',
    )
    expect(sanitizeHtml('<img src="/uploads/abc.jpg" width="100;background:red" height="50%">')).toBe(
      '<img src="/uploads/abc.jpg" height="50%" />',
    )
    for (const src of [
      'data:image/png;base64,AAAA',
      'javascript:alert(1)',
      '/etc/passwd',
      '/uploads/../keys/x',
      '//evil.example/a.png',
      '',
    ]) {
      expect(sanitizeHtml(`<p>图<img src="${src}" alt="x"></p>`)).toBe('<p>图</p>')
    }
  })

  test('styles: only color, text-align and font-weight, only on span and div', () => {
    expect(
      sanitizeHtml(
        '<span style="color:rgb(1,2,3);position:fixed;background:url(javascript:alert(1));text-align:left">a</span>',
      ),
    ).toBe('<span style="color:rgb(1,2,3);text-align:left">a</span>')
    expect(sanitizeHtml('<p style="color:red">b</p>')).toBe('<p>b</p>')
    expect(sanitizeHtml('<div style="color:expression(alert(1))">c</div>')).toBe('<div>c</div>')
  })

  test('text is escaped, never turned into markup', () => {
    expect(sanitizeHtml('<p>1 &lt; 2 &amp;&amp; <b>"ok"</b></p>')).toBe('<p>1 &lt; 2 &amp;&amp; <b>"ok"</b></p>')
    expect(sanitizeHtml('<p>a</p><!-- <script>alert(1)</script> -->')).toBe('<p>a</p>')
  })
})

describe('plainText', () => {
  test('the words of the HTML, blocks separated, entities decoded, cut to a length', () => {
    const html = '<h2>交易须知</h2><p>第一段 &amp; <b>重点</b></p><ul><li>一</li><li>二</li></ul><script>x()</script>'
    expect(plainText(html)).toBe('交易须知 第一段 & 重点 一 二')
    expect(plainText(html, 6)).toBe('交易须知 第')
    expect(plainText('<img src="/uploads/a.jpg">')).toBe('')
  })
})
