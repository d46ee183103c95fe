import type { Actor } from './permissions.js';

export interface MenuEntry {
  label: string;
  /** A path inside the app, or an absolute URL opened in a new tab. */
  to: string;
  external?: boolean;
  visible?: (a: Actor) => boolean;
}

export interface MenuGroup {
  id: string;
  label: string;
  /** Where the group sits: the main bar, or the gear (setup) menu. */
  place: 'main' | 'setup' | 'profile';
  entries: MenuEntry[];
}

/**
 * The one menu definition behind the navigation bar, the gear menu and the home grid. An entry is
 * listed here only once its screen exists.
 */
export const menu: MenuGroup[] = [
  {
    id: 'account',
    label: 'Account',
    place: 'profile',
    entries: [{ label: 'Settings', to: '/settings' }],
  },
];

/** The groups this person sees, with only the entries they may use; empty groups are dropped. */
export function menuFor(actor: Actor, groups: MenuGroup[] = menu): MenuGroup[] {
  return groups
    .map((g) => ({ ...g, entries: g.entries.filter((e) => !e.visible || e.visible(actor)) }))
    .filter((g) => g.entries.length > 0);
}
