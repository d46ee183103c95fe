import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { commonScreenMessages as ui } from '@portal/domain';

/**
 * A password input whose show/hide toggle can be reached with the keyboard and is announced as
 * "Show password" with its pressed state (Mantine's default toggle is skipped by Tab).
 */
export function PasswordField(props: PasswordInputProps) {
  return (
    <PasswordInput
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': ui.showPassword }}
      {...props}
    />
  );
}
