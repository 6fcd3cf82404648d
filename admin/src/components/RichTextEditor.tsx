/**
 * The notice editor (Tiptap): headings, emphasis, lists, quotes, links and pictures by address — the tags
 * the server's allow-list keeps. Its HTML is only a draft: the server sanitizes it on save, and the preview
 * beside it shows what that leaves.
 */
import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons'
import Image from '@tiptap/extension-image'
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { Button, Divider, Input, Popover, Space, Tooltip } from 'antd'
import { useState, type ReactNode } from 'react'
import './RichTextEditor.css'

function AddressButton({ icon, title, onAdd }: { icon: ReactNode; title: string; onAdd(address: string): void }) {
  const [open, setOpen] = useState(false)
  const [address, setAddress] = useState('')
  const add = () => {
    if (address.trim()) onAdd(address.trim())
    setAddress('')
    setOpen(false)
  }
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      content={
        <Space.Compact style={{ width: 360 }}>
          <Input
            value={address}
            placeholder="https://… 或 /uploads/…"
            onChange={(event) => setAddress(event.target.value)}
            onPressEnter={add}
          />
          <Button type="primary" onClick={add}>
            插入
          </Button>
        </Space.Compact>
      }
    >
      <Tooltip title={title}>
        <Button type="text" icon={icon} aria-label={title} />
      </Tooltip>
    </Popover>
  )
}

function Toolbar({ editor }: { editor: Editor }) {
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullets: e.isActive('bulletList'),
      numbers: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
    }),
  })
  const chain = () => editor.chain().focus()
  const toggle = (title: string, on: boolean, icon: ReactNode, run: () => void) => (
    <Tooltip title={title}>
      <Button type={on ? 'primary' : 'text'} ghost={on} icon={icon} aria-label={title} onClick={run} />
    </Tooltip>
  )
  return (
    <Space size={2} wrap className="rich-editor__toolbar">
      {toggle('小标题', active.h2, 'H2', () => chain().toggleHeading({ level: 2 }).run())}
      {toggle('三级标题', active.h3, 'H3', () => chain().toggleHeading({ level: 3 }).run())}
      <Divider type="vertical" />
      {toggle('加粗', active.bold, <BoldOutlined />, () => chain().toggleBold().run())}
      {toggle('斜体', active.italic, <ItalicOutlined />, () => chain().toggleItalic().run())}
      {toggle('下划线', active.underline, <UnderlineOutlined />, () => chain().toggleUnderline().run())}
      <Divider type="vertical" />
      {toggle('无序列表', active.bullets, <UnorderedListOutlined />, () => chain().toggleBulletList().run())}
      {toggle('有序列表', active.numbers, <OrderedListOutlined />, () => chain().toggleOrderedList().run())}
      {toggle('引用', active.quote, '❝', () => chain().toggleBlockquote().run())}
      <Divider type="vertical" />
      <AddressButton
        icon={<LinkOutlined />}
        title="链接（选中文字后插入）"
        onAdd={(href) => chain().extendMarkRange('link').setLink({ href }).run()}
      />
      <AddressButton icon={<PictureOutlined />} title="图片" onAdd={(src) => chain().setImage({ src }).run()} />
    </Space>
  )
}

export default function RichTextEditor({ value, onChange }: { value: string; onChange(html: string): void }) {
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [2, 3] }, link: { openOnClick: false } }), Image],
    content: value,
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
  })
  return (
    <div className="rich-editor">
      <Toolbar editor={editor} />
      <EditorContent editor={editor} className="rich-editor__content" />
    </div>
  )
}
