import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Vitest runs without globals, so Testing Library cannot register its own clean-up between tests.
afterEach(cleanup);

// `findBy…` and `waitFor` give up after 1 s by default. A list draws a query's answer in a second,
// deferred pass (see DataTable), and on two shared cores one render of a page can take a few hundred
// milliseconds: 1 s was then too tight for an answer to show up, though nothing was wrong.
configure({ asyncUtilTimeout: 5_000 });
