import { useQuery } from '@tanstack/react-query';
import { currentUserQuery } from '../../lib/current-user';
import { NavBar } from './nav-bar';

/**
 * The navigation bar appears once a user is known: on login-required screens the guard has already
 * loaded them; on a public screen such as "Page not found" a signed-out visitor simply gets none.
 */
export function SignedInHeader() {
  const { data: user } = useQuery(currentUserQuery);
  if (!user) return null;
  return <NavBar user={user} />;
}
