import type { ClonedFunnel } from '@funnelwork/domain';
import { cloneName } from '@funnelwork/domain/rules';
import { Button, Checkbox, Group, Stack, Stepper, Text, TextInput, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { AppModal } from '../../../shared/popups.tsx';
import { kindOf, useCloneFunnel } from '../api.ts';

type CloneFunnelPopupProps = { funnel: { id: number; name: string } | null; onClose: () => void };

/** "Clone funnel popup: step 1 choose what to clone, step 2 name, then done." */
export function CloneFunnelPopup({ funnel, onClose }: CloneFunnelPopupProps) {
  const navigate = useNavigate();
  const cloneFunnel = useCloneFunnel();
  const [stage, setStage] = useState(0);
  const [cloneSteps, setCloneSteps] = useState(true);
  const [cloneProducts, setCloneProducts] = useState(true);
  const [name, setName] = useState('');
  const [clone, setClone] = useState<ClonedFunnel | null>(null);

  useEffect(() => {
    if (!funnel) return;
    setStage(0);
    setCloneSteps(true);
    setCloneProducts(true);
    // "Clone default name is the funnel name plus ' - [clone]'."
    setName(cloneName(funnel.name));
    setClone(null);
  }, [funnel]);

  const run = () => {
    if (!funnel || !name.trim()) return;
    cloneFunnel.mutate(
      {
        funnel_to_clone: funnel.id,
        new_name: name.trim(),
        clone_steps: cloneSteps,
        clone_products: cloneProducts,
      },
      {
        onSuccess: (cloned) => {
          setClone(cloned);
          setStage(2);
        },
      },
    );
  };

  return (
    <AppModal opened={funnel !== null} onClose={onClose} title="Clone funnel" size="lg">
      <Stepper active={stage} size="sm" mb="lg" allowNextStepsSelect={false}>
        <Stepper.Step label="What to clone" />
        <Stepper.Step label="Name" />
        <Stepper.Step label="Done" />
      </Stepper>
      {stage === 0 && (
        <Stack>
          <Text size="sm" c="dimmed">
            Choose what the copy of “{funnel?.name}” takes along. Its settings always come with it.
          </Text>
          <Checkbox
            label="Steps and their pages"
            checked={cloneSteps}
            onChange={(event) => setCloneSteps(event.currentTarget.checked)}
          />
          <Checkbox
            label="Products"
            description="The products of the funnel, with their variants and options."
            checked={cloneProducts}
            onChange={(event) => setCloneProducts(event.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={() => setStage(1)}>Continue</Button>
          </Group>
        </Stack>
      )}
      {stage === 1 && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            run();
          }}
        >
          <Stack>
            <TextInput
              label="Name of the copy"
              data-autofocus
              maxLength={200}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setStage(0)}>
                Back
              </Button>
              <Button type="submit" loading={cloneFunnel.isPending} disabled={!name.trim()}>
                Clone funnel
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      {stage === 2 && clone && (
        <Stack align="center" ta="center" py="md">
          <ThemeIcon size={56} radius="xl" color="teal" variant="light">
            <IconCheck size={30} />
          </ThemeIcon>
          <Text fw={600}>Your funnel was cloned</Text>
          <Text size="sm" c="dimmed">
            “{name.trim()}” is ready in your funnel list.
          </Text>
          <Group>
            <Button variant="default" onClick={onClose}>
              Done
            </Button>
            <Button
              onClick={() => {
                onClose();
                navigate(`/${kindOf(clone)}/${clone.id}/overview`);
              }}
            >
              Open funnel
            </Button>
          </Group>
        </Stack>
      )}
    </AppModal>
  );
}
