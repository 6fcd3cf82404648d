import { createElement, useMemo, type ReactNode } from 'react'
import { View } from '@tarojs/components'
import { mediaUrl } from '@/api/request'
import { parseRichText, type RichTextNode } from '@/utils/richText'
import './index.scss'

/**
 * H5: the nodes of the same whitelist parser as index.tsx, drawn as React elements. Taro's H5 RichText is
 * a Stencil web component: it brought the Stencil runtime (~45 KB gzipped) to every page showing a notice,
 * home's 交易须知 included (bench/web). React escapes the text, and only the tags and attributes the parser
 * lets through arrive here.
 */
const REACT_ATTRIBUTE: Record<string, string> = { class: 'className', colspan: 'colSpan', rowspan: 'rowSpan' }
const VOID = new Set(['br', 'hr', 'img'])

/** `color:red;text-align:center;` → `{ color: 'red', textAlign: 'center' }`. */
function styleObject(style: string): Record<string, string> {
  const object: Record<string, string> = {}
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':')
    if (colon < 1) continue
    const property = declaration.slice(0, colon).trim()
    object[property.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())] = declaration.slice(colon + 1).trim()
  }
  return object
}

function draw(node: RichTextNode, key: number): ReactNode {
  if ('type' in node) return node.text
  const props: Record<string, unknown> = { key }
  for (const [name, value] of Object.entries(node.attrs)) {
    props[REACT_ATTRIBUTE[name] ?? name] = name === 'style' ? styleObject(value) : value
  }
  return VOID.has(node.name)
    ? createElement(node.name, props)
    : createElement(node.name, props, node.children.map(draw))
}

export default function RichContent({ html, className = '' }: { html: string; className?: string }) {
  const content = useMemo(() => parseRichText(html, { resolveImage: mediaUrl }).map(draw), [html])
  return <View className={`rich-content ${className}`}>{content}</View>
}
