import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type MenuEntry, messages, homeScreenMessages as ui } from '@portal/domain';
import { Link } from 'react-router';
import { displayName, useCurrentUser } from '../../lib/current-user';
import { useMenu } from '../../lib/menu';
import { usePageTitle } from '../../lib/use-page-title';

function EntryLink({ entry }: { entry: MenuEntry }) {
  if (entry.external) {
    return (
      <Anchor href={entry.to} target="_blank" rel="noopener noreferrer">
        {entry.label}
      </Anchor>
    );
  }
  return (
    <Anchor component={Link} to={entry.to}>
      {entry.label}
    </Anchor>
  );
}

/** Home: the same menu as the navigation bar, laid out as a grid of cards. */
export function HomePage() {
  const user = useCurrentUser();
  usePageTitle('Home');
  const groups = useMenu(user);
  return (
    <Stack gap="lg">
      <Title order={1}>{ui.welcome(displayName(user))}</Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        {groups.map((group) => (
          <Card
            key={group.id}
            withBorder
            radius="md"
            padding="lg"
            component="section"
            aria-labelledby={`menu-${group.id}`}
          >
            <Title order={2} size="h4" id={`menu-${group.id}`} mb="sm">
              {group.label}
            </Title>
            <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {group.entries.map((entry) => (
                <Text component="li" key={entry.to}>
                  <EntryLink entry={entry} />
                </Text>
              ))}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      {groups.length === 0 && <Text>{messages.home.empty}</Text>}
    </Stack>
  );
}
