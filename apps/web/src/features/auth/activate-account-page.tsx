import { Anchor, Text } from '@mantine/core';
import { accountConfirmBody, messages, authScreenMessages as ui } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { isApiError } from '../../lib/api';
import { withPasswordConfirmation } from '../../lib/schema-form/password-confirmation';
import { useSchemaForm } from '../../lib/schema-form/use-schema-form';
import { activateAccount } from './auth-api';
import { AuthCard } from './auth-card';
import { SetPasswordForm } from './set-password-form';

// The confirmation is checked here only; the wire body carries the password once.
const schema = withPasswordConfirmation(
  accountConfirmBody.extend({ confirmation: z.string().min(1, messages.http.required) }),
  'password',
  'confirmation',
);

export function ActivateAccountPage() {
  const { uid = '', token = '' } = useParams();
  const form = useSchemaForm(schema, { uid, token, password: null, confirmation: null });
  const mutation = useMutation({
    mutationFn: activateAccount,
    // A link problem is shown above the form rather than toasted.
    meta: { ...form.errorMeta, inlineFields: ['token'] },
    onError: form.setServerErrors,
  });

  if (mutation.isSuccess) {
    return (
      <AuthCard title={ui.activateYourAccount}>
        <Text role="status">{messages.auth.accountActivated}</Text>
        <Anchor component={Link} to="/account/login" ta="center">
          {ui.logIn}
        </Anchor>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={ui.activateYourAccount}>
      <Text>{messages.auth.setPasswordPrompt}</Text>
      <SetPasswordForm
        password={form.text('password')}
        confirmation={form.text('confirmation')}
        linkProblem={isApiError(mutation.error) ? mutation.error.fields.token : undefined}
        submitLabel={ui.activateAccount}
        pending={mutation.isPending}
        onSubmit={form.onSubmit(({ confirmation: _confirmation, ...body }) => mutation.mutate(body))}
      />
    </AuthCard>
  );
}
