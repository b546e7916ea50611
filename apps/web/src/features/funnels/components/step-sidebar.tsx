import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { Step } from '@funnelwork/domain';
import { stepTypeTitle } from '@funnelwork/domain/rules';
import { ActionIcon, Group, Skeleton, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconGripVertical, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { NavLink } from 'react-router';
import { LockedButton } from '../../../shared/locked-button.tsx';
import { type FunnelKind, type PublishedStep, usePublishState, useReorderSteps, useSteps } from '../api.ts';
import { STEP_DRAG_INSTRUCTIONS, stepAnnouncements } from '../step-announcements.ts';
import { AddStepPopup } from './add-step-popup.tsx';
import { DeleteStepPopup } from './delete-step-popup.tsx';
import { OpenPageLink, PreviewLink } from './published-address.tsx';
import classes from './step-sidebar.module.css';

export const NO_STEPS = 'No steps have been added yet';

type StepSidebarProps = { kind: FunnelKind; funnelId: number; canEdit: boolean };

/** The step sidebar (spec §2.7): steps with drag-to-reorder, New step, and delete per step. */
export function StepSidebar({ kind, funnelId, canEdit }: StepSidebarProps) {
  const steps = useSteps(kind, funnelId);
  const reorderSteps = useReorderSteps(kind, funnelId);
  const publish = usePublishState(funnelId);
  const addresses = new Map(publish.data?.steps.map((s) => [s.id, s]));
  const [adding, setAdding] = useState(false);
  // Each opening of the add-step popup is a new one (see AddStepPopup).
  const [openings, setOpenings] = useState(0);
  const [deleting, setDeleting] = useState<Step | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const reorder = ({ active, over }: DragEndEvent) => {
    const list = steps.data;
    if (!list || !over || active.id === over.id) return;
    const from = list.findIndex((s) => s.id === active.id);
    const to = list.findIndex((s) => s.id === over.id);
    reorderSteps.mutate(arrayMove(list, from, to));
  };

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text size="xs" c="dimmed" fw={700} tt="uppercase" lts={0.5}>
          Steps
        </Text>
        <LockedButton
          locked={!canEdit}
          size="compact-sm"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={() => {
            setOpenings((n) => n + 1);
            setAdding(true);
          }}
        >
          New step
        </LockedButton>
      </Group>
      {steps.isPending && <Skeleton h={120} />}
      {steps.data?.length === 0 && (
        <Text size="sm" c="dimmed" py="sm">
          {NO_STEPS}
        </Text>
      )}
      {steps.data && steps.data.length > 0 && (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={reorder}
          accessibility={{
            announcements: stepAnnouncements(steps.data),
            screenReaderInstructions: STEP_DRAG_INSTRUCTIONS,
          }}
        >
          <SortableContext items={steps.data.map((s) => s.id)} strategy={verticalListSortingStrategy}>
            <Stack gap={6} component="ol" m={0} p={0} aria-label="Steps" style={{ listStyle: 'none' }}>
              {steps.data.map((step, index) => (
                <SortableStep
                  key={step.id}
                  step={step}
                  position={index + 1}
                  to={`/${kind}/${funnelId}/steps/${step.id}`}
                  canEdit={canEdit}
                  address={addresses.get(step.id)}
                  onDelete={() => setDeleting(step)}
                />
              ))}
            </Stack>
          </SortableContext>
        </DndContext>
      )}
      <AddStepPopup
        key={openings}
        opened={adding}
        kind={kind}
        funnelId={funnelId}
        stepsCount={steps.data?.length ?? 0}
        onClose={() => setAdding(false)}
      />
      <DeleteStepPopup kind={kind} funnelId={funnelId} step={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}

type SortableStepProps = {
  step: Step;
  position: number;
  to: string;
  canEdit: boolean;
  address: PublishedStep | undefined;
  onDelete: () => void;
};

function SortableStep({ step, position, to, canEdit, address, onDelete }: SortableStepProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: step.id, disabled: !canEdit });
  return (
    <li
      ref={setNodeRef}
      className={classes.item}
      data-dragging={isDragging || undefined}
      data-testid="step-item"
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <UnstyledButton
        ref={setActivatorNodeRef}
        className={classes.handle}
        aria-label={`Reorder ${step.name}`}
        {...attributes}
        {...listeners}
      >
        <IconGripVertical size={16} />
      </UnstyledButton>
      <NavLink to={to} className={classes.link}>
        <span className={classes.position}>{position}</span>
        <span className={classes.text}>
          <Text size="sm" fw={600} truncate component="span" display="block">
            {step.name}
          </Text>
          <Text size="xs" c="dimmed" truncate component="span" display="block">
            {stepTypeTitle(step.step_type)} · /{step.url}
          </Text>
        </span>
      </NavLink>
      {address?.live_url && <OpenPageLink href={address.live_url} label={step.name} />}
      {address?.preview_url && <PreviewLink href={address.preview_url} label={step.name} compact />}
      <Tooltip label={canEdit ? 'Delete step' : 'Access denied'}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          className={classes.delete}
          aria-label={`Delete ${step.name}`}
          data-disabled={!canEdit || undefined}
          onClick={() => canEdit && onDelete()}
        >
          <IconTrash size={14} />
        </ActionIcon>
      </Tooltip>
    </li>
  );
}
