import { ActionIcon, Button, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A button of an editor's header that gives way to the title: with its words from 88em (1408 px), an icon
 * with a tooltip below (same accessible name), so at 1280 px the title and its save state stay readable.
 */
export function ToolbarButton({
  label,
  icon,
  onClick,
  tooltip,
  ...data
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  /** What the wide button's tooltip says (the narrow one says its label, then this). */
  tooltip?: string;
} & { [attribute: `data-${string}`]: string }) {
  const wide = (
    <Button variant="default" leftSection={icon} onClick={onClick} visibleFrom="xl" {...data}>
      {label}
    </Button>
  );
  return (
    <>
      {tooltip ? (
        <Tooltip label={tooltip} withArrow>
          {wide}
        </Tooltip>
      ) : (
        wide
      )}
      <Tooltip label={tooltip ? `${label}: ${tooltip}` : label} withArrow>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={label}
          onClick={onClick}
          hiddenFrom="xl"
          {...data}
        >
          {icon}
        </ActionIcon>
      </Tooltip>
    </>
  );
}
