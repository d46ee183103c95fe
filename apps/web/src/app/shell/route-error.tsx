import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { httpMessages, shellScreenMessages as ui } from '@portal/domain';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { isApiError } from '../../lib/api';
import { usePageTitle } from '../../lib/use-page-title';
import { Footer } from './footer';
import { NotFoundPage } from './not-found-page';

function ErrorContent() {
  const error = useRouteError();
  usePageTitle('Something went wrong');
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const detail = isApiError(error) ? error.detail : httpMessages.internal;
  return (
    <Stack align="center" gap="md" py="xl" ta="center">
      <Title order={1}>{ui.somethingWentWrong}</Title>
      <Text role="alert">{detail}</Text>
      <Group>
        <Button onClick={() => window.location.reload()}>{ui.reload}</Button>
        <Button variant="default" component={Link} to="/">
          {ui.goToTheHomePage}
        </Button>
      </Group>
    </Stack>
  );
}

/** A failed screen inside the shell: the navigation stays usable. */
export function RouteError() {
  return <ErrorContent />;
}

/** The shell itself failed, so this draws its own landmarks. */
export function RootError() {
  return (
    <>
      <main>
        <Container size="lg">
          <ErrorContent />
        </Container>
      </main>
      <Footer />
    </>
  );
}
