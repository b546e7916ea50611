import { stepsEndpoints } from '@funnelwork/domain/api/steps';
import {
  cleanStepUrl,
  newStepName,
  nextOrderIndex,
  STEP_TYPES,
  stepPathFromName,
  stepUrlProblem,
} from '@funnelwork/domain/rules';
import {
  Anchor,
  Button,
  Chip,
  Group,
  Radio,
  SimpleGrid,
  Stack,
  Stepper,
  Text,
  TextInput,
  ThemeIcon,
  UnstyledButton,
} from '@mantine/core';
import {
  IconArrowsDown,
  IconArrowsUp,
  IconConfetti,
  IconDots,
  IconFile,
  IconLayout,
  IconShoppingCart,
  IconTemplate,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { callOrThrow } from '../../../shared/api-client.ts';
import { AppModal } from '../../../shared/popups.tsx';
import { useMe } from '../../session/api.ts';
import { useStepTemplates } from '../../templates/api.ts';
import { type FunnelKind, stepPathError, useCreateStep } from '../api.ts';
import classes from './add-step-popup.module.css';

const BLANK = 'blank';

const TYPE_ICONS: Record<number, ReactNode> = {
  1: <IconShoppingCart size={22} />,
  2: <IconArrowsUp size={22} />,
  3: <IconConfetti size={22} />,
  4: <IconArrowsDown size={22} />,
  5: <IconLayout size={22} />,
  6: <IconDots size={22} />,
};

type AddStepPopupProps = {
  opened: boolean;
  kind: FunnelKind;
  funnelId: number;
  stepsCount: number;
  onClose: () => void;
};

/**
 * "Add new step has three stages: template pick with Continue, step-type pick, then details with
 * Back, Create step, Cancel." Each opening starts at the first stage with nothing chosen: the caller
 * mounts it afresh (a new `key`) each time it opens it, rather than an effect resetting the state after
 * the first render, which a quick click on Continue could beat.
 */
export function AddStepPopup({ opened, kind, funnelId, stepsCount, onClose }: AddStepPopupProps) {
  const me = useMe();
  const navigate = useNavigate();
  const createStep = useCreateStep(kind, funnelId);
  const templates = useQuery({
    queryKey: ['saved-templates'],
    queryFn: () => callOrThrow(stepsEndpoints.listSavedTemplates),
    enabled: opened,
  });
  const [builtinType, setBuiltinType] = useState<string>('all');
  const builtins = useStepTemplates(
    { stepType: builtinType === 'all' ? null : Number(builtinType), query: '' },
    opened,
  );
  const [stage, setStage] = useState(0);
  const [template, setTemplate] = useState<string>(BLANK);
  const [type, setType] = useState<number | null>(null);
  const [name, setName] = useState('');
  const [path, setPath] = useState('');
  const [pathEdited, setPathEdited] = useState(false);
  const [variantUrl, setVariantUrl] = useState('');
  const [checked, setChecked] = useState(false);
  const pathError =
    (checked ? stepUrlProblem(cleanStepUrl(path)) : undefined) ??
    stepPathError(createStep.error) ??
    stepPathError(createStep.error, 'data.path');
  const variantError =
    (checked ? stepUrlProblem(cleanStepUrl(variantUrl)) : undefined) ??
    stepPathError(createStep.error, 'data.url2');
  const { reset } = createStep;

  // "choosing a type jumps to stage 3 and pre-fills the name as 'New ' plus the type title and the
  // path as the lowercase name with spaces turned to hyphens."
  const chooseType = (value: number) => {
    setType(value);
    const prefilled = newStepName(value);
    setName(prefilled);
    setPath(stepPathFromName(prefilled));
    setPathEdited(false);
    reset();
    setStage(2);
  };

  const continueFromTemplate = () => {
    const chosen =
      templates.data?.find((t) => t.template_id === template) ??
      builtins.data?.find((t) => t.template_id === template);
    // "A step created from a preset type skips ahead."
    if (chosen) chooseType(chosen.step.step_type);
    else setStage(1);
  };

  const create = () => {
    if (!name.trim() || type === null) return;
    setChecked(true);
    if (stepUrlProblem(cleanStepUrl(path)) || stepUrlProblem(cleanStepUrl(variantUrl))) return;
    const url = cleanStepUrl(path) || stepPathFromName(name);
    createStep.mutate(
      {
        name: name.trim(),
        path: url,
        url,
        url2: cleanStepUrl(variantUrl) || null,
        type,
        user_id: me.id,
        template_id: template === BLANK ? null : template,
        order_index: nextOrderIndex(stepsCount),
      },
      {
        onSuccess: (step) => {
          onClose();
          navigate(`/${kind}/${funnelId}/steps/${step.id}`);
        },
      },
    );
  };

  return (
    <AppModal opened={opened} onClose={onClose} title="Add new step" size="xl">
      <Stepper active={stage} size="sm" mb="lg" allowNextStepsSelect={false}>
        <Stepper.Step label="Template" />
        <Stepper.Step label="Step type" />
        <Stepper.Step label="Details" />
      </Stepper>

      {stage === 0 && (
        <Stack>
          <Radio.Group value={template} onChange={setTemplate} aria-label="Template">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <TemplateCard value={BLANK} title="Blank page" description="Start from an empty page." />
              {templates.data?.map((t) => (
                <TemplateCard
                  key={t.id}
                  value={t.template_id}
                  title={t.name}
                  description={t.description || `Saved by ${t.author_name}`}
                  thumbnail={t.thumbnail_url}
                />
              ))}
            </SimpleGrid>
            <Group justify="space-between" mt="md" mb="xs">
              <Text fw={600} size="sm">
                Built-in templates
              </Text>
              <Chip.Group value={builtinType} onChange={(value) => setBuiltinType(value as string)}>
                <Group gap={6} role="group" aria-label="Template step type">
                  <Chip value="all" size="xs">
                    All
                  </Chip>
                  {STEP_TYPES.map((t) => (
                    <Chip key={t.value} value={String(t.value)} size="xs">
                      {t.title}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              {builtins.data?.map((t) => (
                <TemplateCard
                  key={t.id}
                  value={t.template_id}
                  title={t.name}
                  description={t.description}
                  thumbnail={t.thumbnail_url}
                />
              ))}
            </SimpleGrid>
          </Radio.Group>
          <Text size="sm" c="dimmed">
            Looking for a design?{' '}
            <Anchor component={Link} to="/get-started/templates" onClick={onClose}>
              Browse the templates gallery
            </Anchor>
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={continueFromTemplate}>Continue</Button>
          </Group>
        </Stack>
      )}

      {stage === 1 && (
        <Stack>
          <Text size="sm" c="dimmed">
            What does this step do in your funnel?
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
            {STEP_TYPES.map((t) => (
              <UnstyledButton key={t.value} className={classes.typeCard} onClick={() => chooseType(t.value)}>
                <ThemeIcon variant="light" size={40} radius="md">
                  {TYPE_ICONS[t.value]}
                </ThemeIcon>
                <Text fw={600} size="sm">
                  {t.title}
                </Text>
              </UnstyledButton>
            ))}
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setStage(0)}>
              Back
            </Button>
          </Group>
        </Stack>
      )}

      {stage === 2 && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            create();
          }}
        >
          <Stack>
            <TextInput
              label="Name"
              data-autofocus
              maxLength={200}
              value={name}
              onChange={(event) => {
                const next = event.currentTarget.value;
                setName(next);
                if (!pathEdited) setPath(stepPathFromName(next));
                reset();
              }}
            />
            <TextInput
              label="Step URL"
              leftSection={<Text size="sm">/</Text>}
              maxLength={255}
              value={path}
              error={pathError}
              onChange={(event) => {
                setPath(event.currentTarget.value);
                setPathEdited(true);
                setChecked(false);
                reset();
              }}
            />
            <TextInput
              label="Variant URL"
              description="Optional: a second URL for an A/B variant."
              leftSection={<Text size="sm">/</Text>}
              maxLength={255}
              value={variantUrl}
              error={variantError}
              onChange={(event) => {
                setVariantUrl(event.currentTarget.value);
                setChecked(false);
                reset();
              }}
            />
            <Group justify="space-between">
              <Button variant="default" onClick={() => setStage(template === BLANK ? 1 : 0)}>
                Back
              </Button>
              <Group>
                <Button variant="default" onClick={onClose}>
                  Cancel
                </Button>
                {/* "In the later add-step popup only the name blocks Create step." */}
                <Button type="submit" loading={createStep.isPending} disabled={!name.trim()}>
                  Create step
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      )}
    </AppModal>
  );
}

type TemplateCardProps = { value: string; title: string; description: string; thumbnail?: string | null };

function TemplateCard({ value, title, description, thumbnail }: TemplateCardProps) {
  return (
    <Radio.Card value={value} radius="md" className={classes.templateCard} aria-label={title}>
      <div className={classes.thumb}>
        {thumbnail ? (
          <img src={thumbnail} alt="" />
        ) : (
          <ThemeIcon variant="light" size={44} radius="md" color={value === BLANK ? 'gray' : 'indigo'}>
            {value === BLANK ? <IconFile size={24} /> : <IconTemplate size={24} />}
          </ThemeIcon>
        )}
      </div>
      <Group wrap="nowrap" p="sm" gap="sm" align="flex-start">
        <Radio.Indicator />
        <div>
          <Text fw={600} size="sm">
            {title}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={2}>
            {description}
          </Text>
        </div>
      </Group>
    </Radio.Card>
  );
}
