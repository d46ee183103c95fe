import type { Actor } from '@portal/domain';
import type { ComponentType } from 'react';
import { useCurrentUser } from '../lib/current-user';
import { ForbiddenPage } from './shell/forbidden-page';

/** A screen shown only to those the permissions module allows; anyone else sees "Not allowed". */
export function guarded(allowed: (actor: Actor) => boolean, Screen: ComponentType): ComponentType {
  return function GuardedScreen() {
    const user = useCurrentUser();
    return allowed(user) ? <Screen /> : <ForbiddenPage />;
  };
}
