import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../lib/use-page-title';

/** The narrow centred card every account screen (sign-in, reset, activation) is drawn in. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', xs: 'xl' }} w="100%" maw={440} mx="auto" mt="xl">
      <Stack gap="md">
        <Title order={1} size="h2" ta="center">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
