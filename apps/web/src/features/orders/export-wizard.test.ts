import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { EXPORT_STEP_TITLES, exportParams, exportStepStatuses } from './export-wizard.ts';

describe('export wizard', () => {
  it("titles its steps 'Select orders to export', 'Exporting your orders...', 'Exporting completed'", () => {
    expect(EXPORT_STEP_TITLES).toEqual([
      'Select orders to export',
      'Exporting your orders...',
      'Exporting completed',
    ]);
  });

  it('gives each step one of active, deactivated, completed, error', () => {
    expect(exportStepStatuses(0, false)).toEqual(['active', 'deactivated', 'deactivated']);
    expect(exportStepStatuses(1, false)).toEqual(['completed', 'active', 'deactivated']);
    expect(exportStepStatuses(1, true)).toEqual(['completed', 'error', 'deactivated']);
    expect(exportStepStatuses(2, false)).toEqual(['completed', 'completed', 'completed']);
  });

  it("sends 0 and 0 for 'all' orders", () => {
    expect(exportParams('all', ['2025-01-01', '2025-01-31'])).toEqual({
      exportType: 'all',
      rangeStart: 0,
      rangeEnd: 0,
    });
  });

  it('sends whole local days in unix seconds by date, a single day spanning one day', () => {
    const p = exportParams('by_date', ['2025-01-01', '2025-01-31']);
    expect(p.rangeStart).toBe(dayjs('2025-01-01').startOf('day').unix());
    expect(p.rangeEnd).toBe(dayjs('2025-01-31').endOf('day').unix());
    const day = exportParams('by_date', ['2025-03-05', null]);
    expect(day.rangeEnd - day.rangeStart).toBe(24 * 3600 - 1);
  });
});
