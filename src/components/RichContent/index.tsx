import { useMemo } from 'react'
import { RichText, type RichTextProps } from '@tarojs/components'
import { mediaUrl } from '@/api/request'
import { parseRichText } from '@/utils/richText'
import './index.scss'

/**
 * Notice HTML on every target: parsed through our whitelist into RichText nodes (never handed over as an
 * HTML string), so only the tags, attributes and link schemes it lists can reach the screen.
 */
export default function RichContent({ html, className = '' }: { html: string; className?: string }) {
  const nodes = useMemo(() => parseRichText(html, { resolveImage: mediaUrl }), [html])
  return <RichText className={`rich-content ${className}`} nodes={nodes as RichTextProps['nodes']} userSelect />
}
