import type { ViewMode } from '@funnelwork/blocks';

/** The container name of the canvas frame: the page's device rules answer to its width, not the window's. */
export const CANVAS_CONTAINER = 'fw-canvas';

/**
 * The rendered page's CSS for the canvas: its `@media` device rules become `@container` rules on the canvas
 * frame, so the view switch (1200, 850, 420 px) shows each device's values inside a wide window.
 */
export function canvasCss(pageCss: string): string {
  return pageCss.replace(/@media\s+/g, `@container ${CANVAS_CONTAINER} `);
}

/** Blocks hidden on the current device stay visible in the editor, faded and hatched, so they can be found. */
export function hiddenBlocksCss(view: ViewMode): string {
  return `.pe-frame .fw-page .fw-hide-${view}{display:block!important;opacity:.35;background-image:repeating-linear-gradient(45deg,rgba(67,104,224,.08) 0 6px,transparent 6px 12px)}`;
}
