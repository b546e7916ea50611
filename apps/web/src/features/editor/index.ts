import './canvas/web-fonts.ts';

export { default as editorClasses } from './components/editor.module.css';
export type { BlockActions } from './components/properties-panel.tsx';
export { ToolbarButton } from './components/toolbar-button.tsx';
export { Editor, type EditorProps, type LoadedDocument, type ShellPanel, UNLOAD_WARNING } from './editor.tsx';
export { type EditorRoute, routeTail } from './editor-route.ts';
export type { PaletteGroup } from './palette.ts';
export { DocumentPreview, previewFrameStyle } from './preview/document-preview.tsx';
export {
  type ChoiceFieldProps,
  type EditorServices,
  type EditorTexts,
  PAGE_TEXTS,
  type ProductChoice,
} from './services.tsx';
export { useEditor } from './state/editor-context.tsx';
export type { DocumentCode } from './state/editor-state.ts';
export type { SaveDocument } from './state/use-document-save.ts';
