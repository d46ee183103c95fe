import type { Actor } from './permissions.js';

/**
 * One entry of a menu. Its own file so that the rules that contribute entries (the onboarding forms) and
 * the menus that gather them do not import each other.
 */
export interface MenuEntry {
  label: string;
  /** A path inside the app, or an absolute URL opened in a new tab. */
  to: string;
  external?: boolean;
  /** Who may open the entry's screen: the web guards the screen with it, and the menu shows the entry to them. */
  allowed?: (a: Actor) => boolean;
  /** Who sees the entry, when the menu offers it to fewer people than may open its screen. */
  visible?: (a: Actor) => boolean;
}
