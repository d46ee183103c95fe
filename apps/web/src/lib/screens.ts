import type { Actor, MenuEntry } from '@portal/domain';

/**
 * A routed module of the feature and the component it exports: `['users-page', 'UsersPage']` is
 * `UsersPage` of `features/<feature>/users-page.tsx`, loaded when the screen is first opened (each
 * screen is a chunk of its own). A routed module's name ends in `-page`, `-pages` or `-tab`.
 */
export type PageRef = readonly [module: string, component: string];

/**
 * One screen of a feature, declared once in the feature's `<feature>-screens.ts`. The router
 * (app/router.tsx), the preloads of the first visit (vite.config.ts) and the guard are derived from it;
 * the menus are the domain's (`menu` in rules/menu.ts), whose entries the declarations name.
 */
export interface ScreenDeclaration {
  /**
   * The menu entry the screen is opened from: its path is the entry's, and who may open it is the
   * entry's `allowed`.
   */
  entry?: MenuEntry;
  /** The address of a screen no menu entry opens (`:name` is one segment); a tab's is relative to its page. */
  path?: string;
  /** The screen; absent for an address that only sends on (`redirect`). */
  page?: PageRef;
  /** Where the address sends on to, replacing itself in the history. */
  redirect?: string;
  /** Who may open a screen no entry opens; anyone else sees "Not allowed". Absent: anyone it is open to. */
  allowed?: (actor: Actor) => boolean;
  /**
   * Who it is open to: a signed-in person (the default, with the firm's switched-off entries applied);
   * anyone (`public`: the account links); or a session held at two-factor set-up (`session`).
   */
  access?: 'signed-in' | 'public' | 'session';
  /** Screens drawn inside this one's outlet (the settings tabs); their paths are relative to it. */
  tabs?: readonly ScreenDeclaration[];
}

/** A feature's screens, in any order (the router ranks paths by how specific they are). */
export const defineScreens = (screens: readonly ScreenDeclaration[]) => screens;
