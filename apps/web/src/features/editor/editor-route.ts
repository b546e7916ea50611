/** Where the editor's route tail points: the open panel, its node, or the code popup / preview. */
export type EditorRoute = { panel: string; id: number | null; code: boolean; preview: boolean };

const CORE_PANELS: readonly string[] = ['layout', 'properties', 'settings'];

/**
 * Reads the route's tail after the editor's base (spec §2.4): `/layout/{id}`, `/properties/{id}`,
 * `/settings`, a shell's panel (`/popups`), `/code` or `/preview`; anything else is the Add panel.
 */
export function routeTail(rest: string, shellPanels: readonly string[] = []): EditorRoute {
  const [first = '', second] = rest.split('/').filter(Boolean);
  const id = second !== undefined && /^\d+$/.test(second) ? Number(second) : null;
  if (first === 'preview') return { panel: 'add', id: null, code: false, preview: true };
  if (first === 'code') return { panel: 'add', id: null, code: true, preview: false };
  if (CORE_PANELS.includes(first) || shellPanels.includes(first))
    return { panel: first, id, code: false, preview: false };
  return { panel: 'add', id, code: false, preview: false };
}
