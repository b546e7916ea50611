import type { StepTemplateOut } from '@funnelwork/domain';
import { stepTypeTitle } from '@funnelwork/domain/rules';
import { ActionIcon, Badge, Button, Card, Group, Image, Stack, Text, Tooltip } from '@mantine/core';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { useToggleLike } from '../api.ts';

type TemplateCardProps = {
  template: StepTemplateOut;
  /** What it is for (the gallery's Type), shown beside its step type. */
  format: string;
  onUse: (template: StepTemplateOut) => void;
};

/** One gallery entry: thumbnail, name, step type and format, likes and "Use template". */
export function TemplateCard({ template, format, onUse }: TemplateCardProps) {
  const toggleLike = useToggleLike();
  return (
    <Card withBorder radius="md" padding="sm" role="article" aria-label={template.name}>
      <Card.Section>
        <Image
          src={template.thumbnail_url}
          alt={`${template.name} preview`}
          h={180}
          loading="lazy"
          fit="cover"
          style={{ objectPosition: 'top' }}
          fallbackSrc="data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg' width='4' height='3'/>"
        />
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600} lineClamp={1}>
            {template.name}
          </Text>
          {template.badge && (
            <Badge size="sm" variant="light" color="grape">
              {template.badge}
            </Badge>
          )}
        </Group>
        <Group gap={6}>
          <Badge variant="outline" size="sm">
            {stepTypeTitle(template.step.step_type)}
          </Badge>
          {format !== stepTypeTitle(template.step.step_type) && (
            <Badge variant="outline" color="gray" size="sm" data-testid="template-format">
              {format}
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed" lineClamp={2} mih={34}>
          {template.description}
        </Text>
        <Group justify="space-between" wrap="nowrap">
          <Group gap={4} wrap="nowrap">
            <Tooltip label={template.liked ? 'Unlike' : 'Like'}>
              <ActionIcon
                variant="subtle"
                color="red"
                loading={toggleLike.isPending}
                aria-label={template.liked ? `Unlike ${template.name}` : `Like ${template.name}`}
                aria-pressed={template.liked}
                onClick={() => toggleLike.mutate(template)}
              >
                {template.liked ? <IconHeartFilled size={18} /> : <IconHeart size={18} />}
              </ActionIcon>
            </Tooltip>
            <Text size="xs" c="dimmed" data-testid="likes">
              {template.likes}
            </Text>
          </Group>
          <Button size="xs" onClick={() => onUse(template)}>
            Use template
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
