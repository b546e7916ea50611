import type { EditorDocument } from '@funnelwork/blocks';
import { type ComponentType, createContext, useContext } from 'react';

/** A settings field whose choices live outside the document: the shell knows where. */
export type ChoiceFieldProps<T> = { label: string; value: unknown; onChange: (choice: T | null) => void };

/** What a product field takes from the chosen product: a list entry shows its name and price. */
export type ProductChoice = { id: number; name: string; price: number };

/**
 * What a shell lends the editor besides its document, palette and save: pickers of things outside the
 * document and how the canvas draws it. Each has a neutral default, so a shell names only what its
 * documents use.
 */
export type EditorServices = {
  /** The control of a 'popup' field (a button's "Show popup" action). */
  PopupField: ComponentType<ChoiceFieldProps<number>>;
  /** The control of a 'product' field (a product list entry, an order bump). */
  ProductField: ComponentType<ChoiceFieldProps<ProductChoice>>;
  /** A hook: the document as the canvas draws it (the document itself stays as it is). */
  useShownDocument: (document: EditorDocument) => EditorDocument;
  /** Shown above the canvas, e.g. a warning about the document. */
  CanvasNotice: ComponentType<{ document: EditorDocument }>;
  /** CSS added to the canvas (the e-mail editor: the e-mail at its width, centred), or made from the document. */
  canvasCss: string | ((document: EditorDocument) => string);
  /** Merge tags the rich-text toolbar offers as `{{name}}` (none: no menu). */
  mergeTags: readonly string[];
  /** The words the editor uses for its document. */
  texts: EditorTexts;
};

/** The editor's own words about the document it edits ("page" in the page editor). */
export type EditorTexts = {
  /** The document's name in the editor's hints, lower case ("page", "e-mail"). */
  noun: string;
  settingsLabel: string;
  settingsTitle: string;
  /** The Add panel's hint. */
  dropHint: string;
  /** The empty canvas's hint. */
  emptyHint: string;
  /** The properties panel without a selection. */
  pickHint: string;
  editSettings: string;
  codeLabel: string;
  codeTitle: string;
  save: string;
  /** The body of 'Save changes?'. */
  unsaved: string;
  conflictTitle: string;
  conflictMessage: string;
  reload: string;
};

export const PAGE_TEXTS: EditorTexts = {
  noun: 'page',
  settingsLabel: 'Page',
  settingsTitle: 'Page settings',
  dropHint: 'Drag onto the page, or click to add after the selection',
  emptyHint: 'Drag a Section from Add new element onto the page, or add one here.',
  pickHint: 'Click an element on the page, or pick one in Layout, to edit its properties.',
  editSettings: 'Edit page settings',
  codeLabel: 'Code',
  codeTitle: 'Page code',
  save: 'Save',
  unsaved: 'You have unsaved changes on this page.',
  conflictTitle: 'This page was changed elsewhere',
  conflictMessage: 'This page was changed elsewhere; reload it to see the latest version',
  reload: 'Reload the page',
};

const NoControl = () => null;
const sameDocument = (document: EditorDocument) => document;

export const DEFAULT_SERVICES: EditorServices = {
  PopupField: NoControl,
  ProductField: NoControl,
  useShownDocument: sameDocument,
  CanvasNotice: NoControl,
  canvasCss: '',
  mergeTags: [],
  texts: PAGE_TEXTS,
};

export const EditorServicesContext = createContext<EditorServices>(DEFAULT_SERVICES);

export function useEditorServices(): EditorServices {
  return useContext(EditorServicesContext);
}
