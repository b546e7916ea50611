import { sanitizeInlineHtml } from '@funnelwork/blocks';
import { IconLink } from '@tabler/icons-react';
import { Mark, mergeAttributes, Node } from '@tiptap/core';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type CSSProperties, type ReactNode, useEffect, useRef, useState } from 'react';
import { useEditorServices } from '../services.tsx';
import classes from './editor.module.css';

/** The headline or paragraph is one run of inline content: text, marks and line breaks, no blocks. */
const InlineDocument = Node.create({ name: 'doc', topNode: true, content: 'inline*' });

/** Text colour as `<span style="color:…">`, the one style the renderer keeps besides size and weight. */
const TextColor = Mark.create({
  name: 'textColor',
  addAttributes() {
    return {
      color: {
        default: null,
        parseHTML: (element) => (element as HTMLElement).style.color || null,
        renderHTML: (attributes) => (attributes.color ? { style: `color:${attributes.color}` } : {}),
      },
    };
  },
  parseHTML() {
    return [{ tag: 'span', getAttrs: (element) => ((element as HTMLElement).style.color ? {} : false) }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['span', mergeAttributes(HTMLAttributes), 0];
  },
});

/** Stored content (plain text with line breaks, or inline HTML) as the editor's starting HTML. */
export function editorHtml(content: string): string {
  return sanitizeInlineHtml(content).replace(/\r?\n/g, '<br>');
}

type RichTextSurfaceProps = {
  content: string;
  multiline: boolean;
  /** The point clicked to start editing (the caret goes there); null selects the whole text. */
  caret: { x: number; y: number } | null;
  style: CSSProperties;
  /** The sanitised content after each change (typing, a mark, a link, a colour). */
  onChange: (html: string) => void;
  onDone: (html: string | undefined) => void;
};

/**
 * Rich text in place (tiptap): bold, italic, underline, strike, links and colour, with a small toolbar.
 * Enter ends a headline (Shift+Enter breaks the line); in a paragraph Enter breaks the line. Escape or
 * leaving the text (not for the toolbar) ends editing; the result is sanitised like the renderer does.
 */
export function RichTextSurface({
  content,
  multiline,
  caret,
  style,
  onChange,
  onDone,
}: RichTextSurfaceProps) {
  const wrapper = useRef<HTMLDivElement>(null);
  const done = useRef(false);
  // The latest caret: a double-click after the click that started editing clears it (select all).
  const caretNow = useRef(caret);
  caretNow.current = caret;
  const [linking, setLinking] = useState<string | null>(null);
  const { mergeTags } = useEditorServices();

  const finish = (html: string | undefined) => {
    if (done.current) return;
    done.current = true;
    onDone(html === undefined ? undefined : sanitizeInlineHtml(html));
  };

  const editor = useEditor({
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    extensions: [
      InlineDocument,
      StarterKit.configure({
        document: false,
        paragraph: false,
        heading: false,
        blockquote: false,
        bulletList: false,
        orderedList: false,
        listItem: false,
        listKeymap: false,
        codeBlock: false,
        code: false,
        horizontalRule: false,
        dropcursor: false,
        gapcursor: false,
        trailingNode: false,
        link: {
          openOnClick: false,
          autolink: false,
          protocols: ['mailto', 'tel'],
          HTMLAttributes: { target: null, rel: null, class: null },
        },
      }),
      TextColor,
    ],
    content: editorHtml(content),
    editorProps: {
      attributes: {
        class: classes.richText ?? '',
        role: 'textbox',
        'aria-label': 'Edit text',
        'aria-multiline': String(multiline),
        'data-testid': 'inline-editor',
      },
      handleKeyDown: (_view, event) => {
        event.stopPropagation();
        if (event.key === 'Escape' || (event.key === 'Enter' && !event.shiftKey && !multiline)) {
          event.preventDefault();
          finish(editorRef.current?.getHTML());
          return true;
        }
        if (event.key === 'Enter' && !event.shiftKey && multiline) {
          editorRef.current?.commands.setHardBreak();
          return true;
        }
        return false;
      },
    },
    onUpdate: ({ editor: changed }) => {
      if (!done.current) onChange(sanitizeInlineHtml(changed.getHTML()));
    },
    onCreate: ({ editor: created }) => {
      created.commands.focus('end');
      created.commands.selectAll();
      if (!caret) return;
      // The surface lies over the block's own text, so the clicked point is the same place in it.
      requestAnimationFrame(() => {
        if (created.isDestroyed || !caretNow.current) return;
        const at = created.view.posAtCoords({ left: caret.x, top: caret.y });
        if (at) created.chain().focus().setTextSelection(at.pos).run();
      });
    },
  });
  const editorRef = useRef(editor);
  editorRef.current = editor;
  // A double-click while editing (its first click put the caret in) selects the whole text, as a
  // double-click that starts editing does: typing then replaces it.
  useEffect(() => {
    if (caret === null && editor && !editor.isDestroyed) editor.chain().focus().selectAll().run();
  }, [caret, editor]);

  const marks = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      underline: e?.isActive('underline') ?? false,
      strike: e?.isActive('strike') ?? false,
      link: e?.isActive('link') ?? false,
    }),
  });

  const button = (label: string, text: ReactNode, active: boolean, run: () => void) => (
    <button
      type="button"
      aria-label={label}
      aria-pressed={active}
      data-active={active || undefined}
      className={classes.richButton}
      onMouseDown={(event) => event.preventDefault()}
      onClick={run}
    >
      {text}
    </button>
  );

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: focus leaving the editor and its toolbar ends editing
    <div
      ref={wrapper}
      className={classes.richWrapper}
      data-editor-ui=""
      onBlur={(event) => {
        if (wrapper.current?.contains(event.relatedTarget as globalThis.Node | null)) return;
        finish(editor?.getHTML());
      }}
    >
      <div className={classes.richToolbar} role="toolbar" aria-label="Text formatting">
        {button('Bold', 'B', marks?.bold ?? false, () => editor?.chain().focus().toggleBold().run())}
        {button('Italic', 'I', marks?.italic ?? false, () => editor?.chain().focus().toggleItalic().run())}
        {button('Underline', 'U', marks?.underline ?? false, () =>
          editor?.chain().focus().toggleUnderline().run(),
        )}
        {button('Strikethrough', 'S', marks?.strike ?? false, () =>
          editor?.chain().focus().toggleStrike().run(),
        )}
        {button('Link', <IconLink size={14} />, marks?.link ?? false, () =>
          marks?.link
            ? editor?.chain().focus().extendMarkRange('link').unsetLink().run()
            : setLinking(editor?.getAttributes('link').href ?? 'https://'),
        )}
        <input
          type="color"
          aria-label="Text colour"
          className={classes.richColor}
          onChange={(event) =>
            editor?.chain().focus().setMark('textColor', { color: event.currentTarget.value }).run()
          }
        />
        {mergeTags.length > 0 && (
          <select
            aria-label="Insert merge tag"
            className={classes.richSelect}
            value=""
            onChange={(event) => {
              const tag = event.currentTarget.value;
              if (tag) editor?.chain().focus().insertContent(`{{${tag}}}`).run();
            }}
          >
            <option value="">{'{{…}}'}</option>
            {mergeTags.map((tag) => (
              <option key={tag} value={tag}>
                {tag}
              </option>
            ))}
          </select>
        )}
        {linking !== null && (
          <form
            className={classes.richLink}
            onSubmit={(event) => {
              event.preventDefault();
              const href = linking.trim();
              if (/^(https?:\/\/|mailto:|tel:|#)/i.test(href)) {
                editor?.chain().focus().extendMarkRange('link').setLink({ href }).run();
              }
              setLinking(null);
            }}
          >
            <input
              aria-label="Link address"
              value={linking}
              onChange={(event) => setLinking(event.currentTarget.value)}
            />
            <button type="submit">Apply</button>
          </form>
        )}
      </div>
      <EditorContent editor={editor} style={style} />
    </div>
  );
}
