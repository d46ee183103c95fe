import { Alert, Button, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { NewPasswordFields } from '../../components/new-password-fields';
import type { TextProps } from '../../lib/schema-form/use-schema-form';

interface SetPasswordFormProps {
  password: TextProps;
  confirmation: TextProps;
  /** Why the emailed link cannot be used (used, expired): no typing fixes it, so it is said above the form. */
  linkProblem?: ReactNode;
  submitLabel: string;
  pending: boolean;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
}

/** The form of the two emailed-link pages, account activation and password reset. */
export function SetPasswordForm({
  password,
  confirmation,
  linkProblem,
  submitLabel,
  pending,
  onSubmit,
}: SetPasswordFormProps) {
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="md">
        {linkProblem && (
          <Alert color="red" variant="light" role="alert">
            {linkProblem}
          </Alert>
        )}
        <NewPasswordFields password={password} confirmation={confirmation} />
        <Button type="submit" fullWidth loading={pending}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
