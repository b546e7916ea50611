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
};

const NoControl = () => null;
const sameDocument = (document: EditorDocument) => document;

export const DEFAULT_SERVICES: EditorServices = {
  PopupField: NoControl,
  ProductField: NoControl,
  useShownDocument: sameDocument,
  CanvasNotice: NoControl,
};

export const EditorServicesContext = createContext<EditorServices>(DEFAULT_SERVICES);

export function useEditorServices(): EditorServices {
  return useContext(EditorServicesContext);
}
