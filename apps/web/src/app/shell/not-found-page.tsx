import { Button, Stack, Text, Title } from '@mantine/core';
import { httpMessages, shellScreenMessages as ui } from '@portal/domain';
import { Link } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <Stack align="center" gap="md" py="xl" ta="center">
      <Title order={1}>{ui.pageNotFound}</Title>
      <Text>{httpMessages.pageNotFound}</Text>
      <Button component={Link} to="/">
        {ui.goToTheHomePage}
      </Button>
    </Stack>
  );
}
