import dayjs from 'dayjs';

/** "Step statuses: active, deactivated, completed, error." */
export type ExportStepStatus = 'active' | 'deactivated' | 'completed' | 'error';
/** 0 select, 1 exporting, 2 completed. */
export type ExportStep = 0 | 1 | 2;

export const EXPORT_STEP_TITLES = [
  'Select orders to export',
  'Exporting your orders...',
  'Exporting completed',
] as const;

/** "Export progress: 1% every 10 ms." */
export const PROGRESS_TICK_MS = 10;

/** Each step's status: done steps completed, the current one active (or error), later ones deactivated. */
export function exportStepStatuses(step: ExportStep, failed: boolean): ExportStepStatus[] {
  return [0, 1, 2].map((i) => {
    if (i < step) return 'completed';
    if (i === step) return failed ? 'error' : step === 2 ? 'completed' : 'active';
    return 'deactivated';
  });
}

/** The job's params: 'all' sends 0 and 0; 'by_date' whole local days in unix seconds. */
export function exportParams(
  exportType: 'all' | 'by_date',
  range: [string | null, string | null],
): { exportType: 'all' | 'by_date'; rangeStart: number; rangeEnd: number } {
  if (exportType === 'all') return { exportType, rangeStart: 0, rangeEnd: 0 };
  const [from, to] = range;
  const start = dayjs(from ?? undefined).startOf('day');
  // "the date picker has a minimum span of one day": a single day is that whole day.
  const end = dayjs(to ?? from ?? undefined).endOf('day');
  return { exportType, rangeStart: start.unix(), rangeEnd: end.unix() };
}
