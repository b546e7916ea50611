import '@mantine/dates/styles.css';
import { presetRange, RANGE_PRESETS } from '@funnelwork/domain/rules';
import { Button, Group, Progress, Radio, Stack, Stepper, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconX } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { GENERIC_WARN, notifyError } from '../../../shared/notices.ts';
import { AppModal } from '../../../shared/popups.tsx';
import { useCreateExport, useDownloadExport, useExportJob } from '../api.ts';
import {
  EXPORT_STEP_TITLES,
  type ExportStep,
  exportParams,
  exportStepStatuses,
  PROGRESS_TICK_MS,
} from '../export-wizard.ts';

const POLL_MS = 500;
const ISO_DAY = 'YYYY-MM-DD';

type ExportOrdersPopupProps = { funnelId?: number; accountCreatedAt: string | null; onClose: () => void };

/** The 3-step export wizard: select, export with progress, download export.csv. */
export function ExportOrdersPopup({ funnelId, accountCreatedAt, onClose }: ExportOrdersPopupProps) {
  const today = dayjs().format(ISO_DAY);
  // "Export defaults to 'all' orders with a date range of today."
  const [exportType, setExportType] = useState<'all' | 'by_date'>('all');
  const [range, setRange] = useState<[string | null, string | null]>([today, today]);
  const [step, setStep] = useState<ExportStep>(0);
  const [failed, setFailed] = useState(false);
  const [progress, setProgress] = useState(0);
  const [jobId, setJobId] = useState<number | null>(null);
  const [jobDone, setJobDone] = useState(false);
  const create = useCreateExport();
  const download = useDownloadExport();
  // The job runs in the background: poll it until done or failed.
  const job = useExportJob(jobId, !jobDone && !failed, POLL_MS);

  // "a progress bar running 0 to 100 in 1% ticks every 10 ms".
  useEffect(() => {
    if (step !== 1 || failed) return;
    const timer = setInterval(() => setProgress((p) => Math.min(p + 1, 100)), PROGRESS_TICK_MS);
    return () => clearInterval(timer);
  }, [step, failed]);

  useEffect(() => {
    if (job.isError) {
      setFailed(true);
      notifyError(job.error.message);
    } else if (job.data?.failed) setFailed(true);
    else if (job.data?.done) setJobDone(true);
  }, [job.isError, job.error, job.data]);

  // "it then moves to step 3 (completed)" once the bar is full and the file is written.
  useEffect(() => {
    if (step === 1 && progress >= 100 && jobDone) setStep(2);
  }, [step, progress, jobDone]);

  const start = () => {
    setStep(1);
    setProgress(0);
    setFailed(false);
    setJobId(null);
    create.mutate(
      { funnelId, params: exportParams(exportType, range) },
      {
        onError: () => setFailed(true),
        onSuccess: (created) => {
          setJobId(created.id);
          if (created.done) setJobDone(true);
        },
      },
    );
  };

  const saveCsv = (file: Blob) => {
    const url = URL.createObjectURL(file);
    const link = document.createElement('a');
    link.href = url;
    link.download = 'export.csv';
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    onClose();
  };

  const statuses = exportStepStatuses(step, failed);
  const minDate = accountCreatedAt ? dayjs(accountCreatedAt).format(ISO_DAY) : undefined;
  const now = new Date();
  const created = accountCreatedAt ? new Date(accountCreatedAt) : now;
  const presets = RANGE_PRESETS.map((label) => {
    const r = presetRange(label, now, created);
    return {
      label,
      value: [dayjs(r.start).format(ISO_DAY), dayjs(r.end).format(ISO_DAY)] as [string, string],
    };
  });

  return (
    <AppModal opened onClose={onClose} title="Export orders" size="lg" closeOnClickOutside={step !== 1}>
      <Stepper active={step} allowNextStepsSelect={false} size="sm" mb="lg">
        {EXPORT_STEP_TITLES.map((title, i) => (
          <Stepper.Step
            key={title}
            label={title}
            data-status={statuses[i]}
            color={statuses[i] === 'error' ? 'red' : undefined}
            icon={statuses[i] === 'error' ? <IconX size={16} /> : undefined}
          />
        ))}
      </Stepper>
      {step === 0 && (
        <Stack>
          <Text fw={600}>{EXPORT_STEP_TITLES[0]}</Text>
          <Radio.Group value={exportType} onChange={(v) => setExportType(v as 'all' | 'by_date')}>
            <Stack gap="xs">
              <Radio value="by_date" label="Orders by date" />
              <Radio value="all" label="All orders" />
            </Stack>
          </Radio.Group>
          {exportType === 'by_date' && (
            <DatePickerInput
              type="range"
              label="Date range"
              allowSingleDateInRange
              value={range}
              onChange={(value) => setRange(value as [string | null, string | null])}
              minDate={minDate}
              maxDate={today}
              presets={presets}
              popoverProps={{ withinPortal: true, zIndex: 1000 }}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={start} disabled={exportType === 'by_date' && !range[0]}>
              Export
            </Button>
          </Group>
        </Stack>
      )}
      {step === 1 && (
        <Stack>
          <Text fw={600}>{EXPORT_STEP_TITLES[1]}</Text>
          <Progress
            value={progress}
            aria-label="Export progress"
            color={failed ? 'red' : undefined}
            animated={!failed}
          />
          {failed && (
            <Group justify="space-between">
              <Text c="red" size="sm">
                {GENERIC_WARN}
              </Text>
              <Button variant="default" onClick={() => setStep(0)}>
                Back
              </Button>
            </Group>
          )}
        </Stack>
      )}
      {step === 2 && (
        <Stack>
          <Text fw={600}>{EXPORT_STEP_TITLES[2]}</Text>
          <Group justify="flex-end">
            <Button
              loading={download.isPending}
              onClick={() => {
                if (jobId !== null) download.mutate({ id: jobId, funnelId }, { onSuccess: saveCsv });
              }}
            >
              Download .CSV of orders
            </Button>
          </Group>
        </Stack>
      )}
    </AppModal>
  );
}
