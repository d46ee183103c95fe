import { Button, Stack, Text, Title } from '@mantine/core';
import { httpMessages, shellScreenMessages as ui } from '@portal/domain';
import { Link } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title';

/** A signed-in person opened a screen their role does not include (the server refuses its calls too). */
export function ForbiddenPage() {
  usePageTitle('Not allowed');
  return (
    <Stack align="center" gap="md" py="xl" ta="center">
      <Title order={1}>{ui.notAllowed}</Title>
      <Text>{httpMessages.forbidden}</Text>
      <Button component={Link} to="/">
        {ui.goToTheHomePage}
      </Button>
    </Stack>
  );
}
