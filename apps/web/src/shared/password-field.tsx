import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/** A password input whose show/hide toggle does not itself carry the word "password" as its name. */
export function PasswordField(props: PasswordInputProps) {
  return <PasswordInput visibilityToggleButtonProps={{ 'aria-label': 'Show characters' }} {...props} />;
}
