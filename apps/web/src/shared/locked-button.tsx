import { ACCESS_DENIED_TOOLTIP } from '@funnelwork/domain/rules';
import { Button, type ButtonProps, Tooltip } from '@mantine/core';
import type { ComponentPropsWithoutRef } from 'react';

type LockedButtonProps = ButtonProps &
  Omit<ComponentPropsWithoutRef<'button'>, keyof ButtonProps> & {
    /** True when the user lacks the permission this button needs. */
    locked: boolean;
  };

/**
 * "A locked button carries the tooltip 'Access denied'." It stays focusable and hoverable so the
 * tooltip shows, but is disabled (aria-disabled) and does nothing.
 */
export function LockedButton({ locked, onClick, type, disabled, ...props }: LockedButtonProps) {
  if (!locked) return <Button type={type} onClick={onClick} disabled={disabled} {...props} />;
  return (
    <Tooltip label={ACCESS_DENIED_TOOLTIP} withArrow>
      <Button
        {...props}
        type="button"
        data-disabled
        aria-disabled
        onClick={(event) => event.preventDefault()}
      />
    </Tooltip>
  );
}
