import { VIEW_WIDTHS, type ViewMode } from '@funnelwork/blocks';

/** The view switch, in the order the toolbar shows it (spec §2.10 "View switch desktop, mobile, tablets"). */
export const VIEWS: readonly { mode: ViewMode; label: string; width: number }[] = [
  { mode: 'desktop', label: 'Desktop', width: VIEW_WIDTHS.desktop },
  { mode: 'tablets', label: 'Tablets', width: VIEW_WIDTHS.tablets },
  { mode: 'mobile', label: 'Mobile', width: VIEW_WIDTHS.mobile },
];

export type DeviceValues<T> = Record<ViewMode, T>;

/** The path of the value a per-device control edits in a view: the view's own entry. */
export function devicePath(path: readonly (string | number)[], view: ViewMode): (string | number)[] {
  return [...path, view];
}

/** Whether a device's value differs from desktop's, so the panel can mark it as set for that device only. */
export function differsFromDesktop<T>(values: DeviceValues<T> | undefined, view: ViewMode): boolean {
  return values !== undefined && view !== 'desktop' && !Object.is(values[view], values.desktop);
}

/**
 * How much the canvas must shrink to show a view's whole width in the space there is (never enlarged).
 * Media and container queries still see the view's real width.
 */
export function canvasScale(view: ViewMode, available: number): number {
  const width = VIEW_WIDTHS[view];
  if (available <= 0 || available >= width) return 1;
  // Rounded down: rounded up, the scaled page came out up to half a pixel wider than the space, and the
  // stage scrolled sideways by a pixel.
  return Math.floor((available / width) * 1000) / 1000;
}
