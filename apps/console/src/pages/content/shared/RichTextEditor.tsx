/**
 * The article body editor: Tiptap 3 (ProseMirror) with the starter kit (headings, lists, quote,
 * link, undo) and images, loaded lazily (LazyRichText) by the article and product forms. It makes HTML; the server
 * sanitises it again on save, so the editor is a convenience, not a guard. A picture comes from 素材库 (or is uploaded
 * there in place) through the library picker, which asks for its alt text first: the body's img carries it.
 */
import BoldOutlined from '@ant-design/icons/BoldOutlined';
import ItalicOutlined from '@ant-design/icons/ItalicOutlined';
import LinkOutlined from '@ant-design/icons/LinkOutlined';
import OrderedListOutlined from '@ant-design/icons/OrderedListOutlined';
import PictureOutlined from '@ant-design/icons/PictureOutlined';
import RedoOutlined from '@ant-design/icons/RedoOutlined';
import UndoOutlined from '@ant-design/icons/UndoOutlined';
import UnorderedListOutlined from '@ant-design/icons/UnorderedListOutlined';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, ConfigProvider, Divider, Space, Tooltip } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { LibraryPicker } from '../../../components/LibraryPicker';
import { imageUrl } from '../../../components/upload';
import { useIntl } from '../../../locales/intl';
import styles from './editor.module.css';

export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
}

export default function RichTextEditor({ value = '', onChange }: RichTextEditorProps) {
  const { t } = useIntl();
  const [picking, setPicking] = useState(false);
  // What the editor itself has reported: the form hands these back, sometimes after the next keystroke.
  const emitted = useRef(new Set<string>());
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: { openOnClick: false, protocols: ['http', 'https', 'mailto', 'tel'] },
      }),
      Image,
    ],
    content: value,
    immediatelyRender: true,
    onUpdate: ({ editor: e }) => {
      const html = e.isEmpty ? '' : e.getHTML();
      if (emitted.current.size > 500) emitted.current.clear();
      emitted.current.add(html);
      onChange?.(html);
    },
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h2: e.isActive('heading', { level: 2 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });

  // A value set from outside (the loaded article) replaces the content without an update event.
  useEffect(() => {
    // A remount (e.g. switching to a right-to-left language) can hand over an editor already destroyed.
    if (!editor || editor.isDestroyed) return;
    // A late echo of the editor's own earlier state while someone types is not an outside value: setting it
    // would drop the newest keystrokes and move the caret (seen as scrambled text on a slow machine).
    if (editor.isFocused && emitted.current.has(value)) return;
    if (value !== editor.getHTML() && !(value === '' && editor.isEmpty)) {
      editor.commands.setContent(value, { emitUpdate: false });
      emitted.current.clear();
    }
  }, [editor, value]);

  const tool = (title: string, icon: ReactNode, active: boolean, run: () => void, disabled = false) => (
    <Tooltip title={title} key={title}>
      <Button
        type={active ? 'primary' : 'text'}
        size="small"
        icon={icon}
        aria-label={title}
        aria-pressed={active}
        disabled={disabled}
        onClick={run}
      />
    </Tooltip>
  );

  const setLink = () => {
    const previous = editor.getAttributes('link').href as string | undefined;
    const href = window.prompt(t('articles.editor.linkPrompt'), previous ?? 'https://');
    if (href === null) return;
    if (href === '' || href === 'https://') editor.chain().focus().unsetLink().run();
    else if (/^(https?:|mailto:|tel:)/i.test(href)) editor.chain().focus().setLink({ href }).run();
  };

  return (
    // The body is published on the Chinese (left-to-right) site: the editor shows it that way, its
    // toolbar included, also when the console runs right to left.
    <ConfigProvider direction="ltr">
      <div className={styles.editor} dir="ltr">
        <Space size={2} wrap className={styles.toolbar}>
          {tool(t('articles.editor.bold'), <BoldOutlined />, state.bold, () =>
            editor.chain().focus().toggleBold().run(),
          )}
          {tool(t('articles.editor.italic'), <ItalicOutlined />, state.italic, () =>
            editor.chain().focus().toggleItalic().run(),
          )}
          <Tooltip title={t('articles.editor.heading')}>
            <Button
              type={state.h2 ? 'primary' : 'text'}
              size="small"
              aria-label={t('articles.editor.heading')}
              onClick={() => editor.chain().focus().toggleHeading({ level: 2 }).run()}
            >
              H2
            </Button>
          </Tooltip>
          <Divider type="vertical" />
          {tool(t('articles.editor.bulletList'), <UnorderedListOutlined />, state.bullet, () =>
            editor.chain().focus().toggleBulletList().run(),
          )}
          {tool(t('articles.editor.orderedList'), <OrderedListOutlined />, state.ordered, () =>
            editor.chain().focus().toggleOrderedList().run(),
          )}
          <Tooltip title={t('articles.editor.quote')}>
            <Button
              type={state.quote ? 'primary' : 'text'}
              size="small"
              aria-label={t('articles.editor.quote')}
              onClick={() => editor.chain().focus().toggleBlockquote().run()}
            >
              “ ”
            </Button>
          </Tooltip>
          {tool(t('articles.editor.link'), <LinkOutlined />, state.link, setLink)}
          {tool(t('articles.editor.image'), <PictureOutlined />, false, () => setPicking(true))}
          <Divider type="vertical" />
          {tool(
            t('articles.editor.undo'),
            <UndoOutlined />,
            false,
            () => editor.chain().focus().undo().run(),
            !state.canUndo,
          )}
          {tool(
            t('articles.editor.redo'),
            <RedoOutlined />,
            false,
            () => editor.chain().focus().redo().run(),
            !state.canRedo,
          )}
        </Space>
        <LibraryPicker
          open={picking}
          onClose={() => setPicking(false)}
          onChoose={(file) =>
            editor
              .chain()
              .focus()
              .setImage({ src: imageUrl(file.fileUuid), alt: file.altText })
              .run()
          }
        />
        <EditorContent editor={editor} className={styles.content} aria-label={t('articles.editor.body')} />
      </div>
    </ConfigProvider>
  );
}
