import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Vitest runs without globals, so Testing Library cannot register its own clean-up between tests. The
// files of a worker share one module cache, so Mantine's toast store outlives a test: emptied too, or a
// toast left by one test would answer another's wait for the same text.
afterEach(() => {
  cleanup();
  notifications.clean();
  notifications.cleanQueue();
});

// `findBy…` and `waitFor` give up after 1 s by default. A list draws a query's answer in a second,
// deferred pass (see DataTable), and on two shared cores one render of a page can take a few hundred
// milliseconds: 1 s was then too tight for an answer to show up, though nothing was wrong.
configure({ asyncUtilTimeout: 5_000 });
