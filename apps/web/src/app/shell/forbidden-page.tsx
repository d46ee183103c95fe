import { Button, Stack, Text, Title } from '@mantine/core';
import { httpMessages } from '@portal/domain';
import { Link } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title';

/** A signed-in person opened a screen their role does not include (the server refuses its calls too). */
export function ForbiddenPage() {
  usePageTitle('Not allowed');
  return (
    <Stack align="center" gap="md" py="xl" ta="center">
      <Title order={1}>Not allowed</Title>
      <Text>{httpMessages.forbidden}</Text>
      <Button component={Link} to="/">
        Go to the home page
      </Button>
    </Stack>
  );
}
