import { screenEntries } from '@portal/domain';
import { defineScreens } from '../../lib/screens';

// The server refuses the list's calls to anyone else as well.
export const usersScreens = defineScreens([{ entry: screenEntries.users, page: ['users-page', 'UsersPage'] }]);
