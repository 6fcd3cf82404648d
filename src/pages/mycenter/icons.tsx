import GlyphIcon, { type GlyphName } from '@/components/GlyphIcon'
import { iconSet } from '@/components/Icon'

/** 个人中心's own drawings, apart from the shared sets so the other pages do not load them. */
const paths = {
  wallet: '<path d="M4 7h15a1 1 0 0 1 1 1v11H5a1 1 0 0 1-1-1z"/><path d="M4 7l11-3v3M15 13h5"/>',
  lock: '<rect x="5" y="10.5" width="14" height="10" rx="1.5"/><path d="M8 10.5V8a4 4 0 0 1 8 0v2.5M12 14.5v2.5"/>',
  help: '<circle cx="12" cy="12" r="8.5"/><path d="M9.6 9.5a2.5 2.5 0 1 1 3.4 2.3c-.6.3-1 .8-1 1.5v.7M12 17h.01"/>',
  news: '<path d="M4 5h13v14H6a2 2 0 0 1-2-2z"/><path d="M17 9h3v8a2 2 0 0 1-2 2M7.5 9h6M7.5 12.5h6M7.5 16h4"/>',
  info: '<circle cx="12" cy="12" r="8.5"/><path d="M12 11v5.5M12 7.5h.01"/>',
  handshake: '<path d="m3 11 4-4 5 2 5-2 4 4-8 8z"/><path d="m9 13 2 2M12 12l2 2"/>',
  people:
    '<circle cx="9" cy="8.5" r="3.5"/><path d="M3 20c0-3.3 2.7-5.5 6-5.5s6 2.2 6 5.5M16 5.5a3.2 3.2 0 0 1 0 6.2M18 14.7c1.8.7 3 2.5 3 4.8"/>',
  chart: '<path d="M4 20V4M4 20h16"/><path d="m7.5 15 3.5-4 3 2.5 4.5-6"/>',
  gavel: '<path d="m13 4 6 6M10.5 6.5l6 6M12 5l-4 4 6 6 4-4M10 11l-7 7 2 2 7-7M13 21h8"/>',
} as const

const CenterIcon = iconSet(paths)

export type EntryIconName = GlyphName | keyof typeof paths

/** An entry's icon: 个人中心's own drawing, or the shared one of that name. */
export default function EntryIcon({ name, className }: { name: EntryIconName; className?: string }) {
  return name in paths ? (
    <CenterIcon name={name as keyof typeof paths} size={48} className={className} />
  ) : (
    <GlyphIcon name={name as GlyphName} size={48} className={className} />
  )
}
