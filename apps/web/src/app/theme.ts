import {
  type CSSVariablesResolver,
  createTheme,
  type MenuProps,
  type NotificationProps,
  type SelectProps,
} from '@mantine/core';
import { shellScreenMessages as ui } from '@portal/domain';

// Shade 8 keeps white text on filled buttons and blue links above 4.5:1 (WCAG AA); shade 6 does not.
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 5 },
  // No fontFamily: Mantine's default stack (system fonts on every platform) is what index.html's frame
  // is drawn in before the provider's variables exist; another stack would redraw the frame's text.
  defaultRadius: 'sm',
  // Someone who asked their system for less motion gets menus and modals without fades or slides.
  respectReducedMotion: true,
  // Plain objects rather than `Menu.extend(...)`: importing the components here would put the menu,
  // its popover and floating-ui into the first download of every page, sign-in included.
  components: {
    // The placeholder is a role="presentation" child of role="menu", which axe reports as critical.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } satisfies Partial<MenuProps> },
    // A Select keeps its closed list in the page (display: none) by default, and floating-ui then
    // positions it on mount and after every layout change of the page (getComputedStyle, forced
    // layouts): on the users list, a sixth of the main thread's work while loading. Mounted when
    // opened, it costs nothing until then.
    Select: { defaultProps: { comboboxProps: { keepMounted: false } } satisfies Partial<SelectProps> },
    Notification: {
      // The close button is an icon only; it needs a name. The grey under a title is too faint for AA.
      defaultProps: { closeButtonProps: { 'aria-label': ui.closeNotification } } satisfies Partial<NotificationProps>,
      styles: { description: { color: 'var(--mantine-color-gray-8)' } },
    },
  },
});

// Mantine's light "dimmed" grey and red-6 error text are below AA contrast on white.
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': t.colors.gray[7],
    '--mantine-color-error': t.colors.red[9],
    '--mantine-color-placeholder': t.colors.gray[6],
    '--mantine-color-anchor': t.colors.blue[8],
  },
  dark: {},
});
