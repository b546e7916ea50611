import type { BlockType, NodeId } from '@funnelwork/blocks';
import { Suspense, useLayoutEffect, useRef, useState } from 'react';
import { lazyComponent } from '../../../shared/lazy-component.ts';
import type { Rect } from '../canvas/drop-target.ts';
import classes from './editor.module.css';

/**
 * The rich-text surface (tiptap and ProseMirror, most of the editor's code by size) loads when a text block
 * is first selected, not with the editor: the canvas shows the page without it.
 */
const RichTextSurface = lazyComponent(async () => (await import('./rich-text-surface.tsx')).RichTextSurface);
/** Starts loading the surface; once it is in, the first edit shows it at once. */
export const loadRichText = RichTextSurface.preload;

/** Headline and paragraph content is rich text (tiptap); a link's text stays plain. */
const RICH_TYPES: ReadonlySet<string> = new Set(['headline', 'paragraph']);

const INLINE_TYPES: ReadonlySet<BlockType> = new Set(['headline', 'paragraph', 'link']);

/** Headline, paragraph and link text is edited in place on the canvas. */
export const isInlineEditable = (type: BlockType) => INLINE_TYPES.has(type);

const COPIED_STYLES = [
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'color',
  'line-height',
  'letter-spacing',
  'text-align',
  'text-decoration',
  'text-transform',
  'padding-top',
  'padding-right',
  'padding-bottom',
  'padding-left',
] as const;

/**
 * An editing surface laid exactly over the block's text with the same typography: rich text for headlines
 * and paragraphs, plain text for links. Each keystroke reaches the document (`onInput`); editing ends on
 * blur, Escape, or Enter in a headline (Shift+Enter adds a line) — see docs/decisions/funnels-and-editor.md, "Editor".
 */
export function InlineTextEditor({
  frame,
  scale,
  blockId,
  caret,
  content,
  onInput,
  onDone,
}: {
  frame: HTMLElement;
  scale: number;
  blockId: NodeId;
  /** The point clicked to start editing (the caret goes there); null selects the whole text. */
  caret: { x: number; y: number } | null;
  /** The block's stored content (the rich-text surface starts from it). */
  content: string;
  /** The content after each keystroke or toolbar change. */
  onInput: (content: string) => void;
  onDone: (content: string | undefined) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<{ rect: Rect; style: Record<string, string>; type: string } | null>(
    null,
  );
  const done = useRef(false);
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;
  const onInputRef = useRef(onInput);
  onInputRef.current = onInput;
  const caretRef = useRef(caret);

  useLayoutEffect(() => {
    const wrapper = frame.querySelector(`[data-node-id="${blockId}"]`);
    const box = wrapper?.querySelector(':scope > .fw-box') ?? wrapper;
    if (!box || !wrapper) {
      onDoneRef.current(undefined);
      return;
    }
    const origin = frame.getBoundingClientRect();
    const bounds = box.getBoundingClientRect();
    const computed = getComputedStyle(box);
    const style: Record<string, string> = {};
    for (const name of COPIED_STYLES) style[name] = computed.getPropertyValue(name);
    setPlace({
      rect: {
        left: (bounds.left - origin.left) / scale,
        top: (bounds.top - origin.top) / scale,
        width: bounds.width / scale,
        height: bounds.height / scale,
      },
      style,
      type: wrapper.getAttribute('data-node-type') ?? '',
    });
    // biome-ignore lint/performance/useDomNodeTextContent: innerText keeps the line breaks the page shows
    const text = (box as HTMLElement).innerText;
    queueMicrotask(() => {
      const editor = ref.current;
      if (!editor) return;
      editor.textContent = text;
      editor.focus();
      const selection = window.getSelection();
      const clicked =
        caretRef.current && document.caretRangeFromPoint(caretRef.current.x, caretRef.current.y);
      const range = clicked && editor.contains(clicked.startContainer) ? clicked : document.createRange();
      if (range !== clicked) range.selectNodeContents(editor);
      selection?.removeAllRanges();
      selection?.addRange(range);
    });
  }, [frame, blockId, scale]);

  const finish = () => {
    if (done.current) return;
    done.current = true;
    // biome-ignore lint/performance/useDomNodeTextContent: innerText keeps the line breaks typed
    onDoneRef.current(ref.current?.innerText.replace(/\n$/, '') ?? undefined);
  };

  if (!place) return null;
  if (RICH_TYPES.has(place.type)) {
    return (
      <div
        style={{ position: 'absolute', left: place.rect.left, top: place.rect.top, width: place.rect.width }}
      >
        <Suspense fallback={null}>
          <RichTextSurface
            content={content}
            multiline={place.type === 'paragraph'}
            caret={caret}
            style={{ minHeight: place.rect.height, ...cssProps(place.style) }}
            onChange={(html) => onInputRef.current(html)}
            onDone={(html) => onDoneRef.current(html)}
          />
        </Suspense>
      </div>
    );
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements: a textarea cannot take the block's typography and grow like the text
    <div
      ref={ref}
      tabIndex={0}
      className={classes.inlineEditor}
      data-editor-ui=""
      data-testid="inline-editor"
      role="textbox"
      aria-label="Edit text"
      aria-multiline={place.type !== 'headline'}
      contentEditable="plaintext-only"
      suppressContentEditableWarning
      style={{ ...place.rect, minHeight: place.rect.height, height: 'auto', ...cssProps(place.style) }}
      onBlur={finish}
      onInput={() => {
        // biome-ignore lint/performance/useDomNodeTextContent: innerText keeps the line breaks typed
        const text = ref.current?.innerText.replace(/\n$/, '');
        if (text !== undefined && !done.current) onInputRef.current(text);
      }}
      onKeyDown={(event) => {
        event.stopPropagation();
        if (
          event.key === 'Escape' ||
          (event.key === 'Enter' && !event.shiftKey && place.type !== 'paragraph')
        ) {
          event.preventDefault();
          finish();
        }
      }}
    />
  );
}

function cssProps(style: Record<string, string>): React.CSSProperties {
  return Object.fromEntries(
    Object.entries(style).map(([name, value]) => [
      name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase()),
      value,
    ]),
  );
}
