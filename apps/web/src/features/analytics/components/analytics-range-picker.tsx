import '@mantine/dates/styles.css';
import { Group, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';
import { creationDay, pickerPresets, presetOf, type StoredRange, todayIn } from '../range.ts';
import { useAnalyticsAccount } from '../use-analytics-settings.ts';

type AnalyticsRangePickerProps = { range: StoredRange; onChange: (range: StoredRange) => void };

/**
 * "the date-range picker with the presets Today, Yesterday, Last 7 days, Last 30 days (default), This
 * month, Last month, Last 12 months, All time"; "Date picker minimum span 1 day; minimum date is the
 * account creation date."
 */
export function AnalyticsRangePicker({ range, onChange }: AnalyticsRangePickerProps) {
  const account = useAnalyticsAccount();
  const now = new Date();
  // The first day clicked, until the last one is: the range changes only once both are chosen.
  const [picking, setPicking] = useState<[string | null, string | null] | null>(null);
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed" data-testid="range-preset">
        {range.preset ?? 'Custom range'}
      </Text>
      <DatePickerInput
        type="range"
        aria-label="Date range"
        allowSingleDateInRange
        valueFormat="DD MMM YYYY"
        leftSection={<IconCalendar size={16} />}
        value={picking ?? [range.start, range.end]}
        onChange={(value) => {
          const [start, end] = value as [string | null, string | null];
          if (!start || !end) {
            setPicking([start, end]);
            return;
          }
          setPicking(null);
          onChange({ start, end, preset: presetOf({ start, end }, now, account.createdAt, account.zone) });
        }}
        onDropdownClose={() => setPicking(null)}
        minDate={creationDay(account.createdAt, account.zone)}
        maxDate={todayIn(now, account.zone)}
        presets={pickerPresets(now, account.createdAt, account.zone)}
        miw={240}
      />
    </Group>
  );
}
