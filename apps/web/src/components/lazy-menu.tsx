import { Menu, type MenuProps } from '@mantine/core';
import { type ReactElement, type ReactNode, type RefObject, useLayoutEffect, useRef, useState } from 'react';

/** What the menu's button is given: its ref, and until the menu exists, the click that creates it. */
export interface MenuButtonProps {
  ref: RefObject<HTMLButtonElement | null>;
  onClick?: () => void;
  'aria-haspopup': 'menu';
  'aria-expanded'?: boolean;
}

interface LazyMenuProps extends Omit<MenuProps, 'opened' | 'onChange' | 'children'> {
  /** Draws the button (the same element before and after the menu exists). */
  button: (props: MenuButtonProps) => ReactElement;
  /** The items, as inside `Menu.Dropdown`. */
  children: ReactNode;
  /** The button's element, for an item that must put focus back on it. */
  buttonRef?: RefObject<HTMLButtonElement | null>;
}

/**
 * A Mantine Menu mounted on first use. A Menu is a popover with floating-ui's hooks and effects: a list
 * page drew one per row and the navigation bar one per group, a large part of the page's first render,
 * for menus seldom opened. Until the first click (or Enter) only the button is drawn; then the Menu takes
 * its place and opens at once, with focus kept on the button so closing the menu returns there as usual.
 */
export function LazyMenu({ button, children, buttonRef, ...menuProps }: LazyMenuProps) {
  const [mounted, setMounted] = useState(false);
  const [opened, setOpened] = useState(false);
  const ownRef = useRef<HTMLButtonElement>(null);
  const target = buttonRef ?? ownRef;

  useLayoutEffect(() => {
    if (!mounted) return;
    // The button under the Menu is a new element: focus it before opening, since the Menu returns
    // focus on close to whatever had it when it opened.
    target.current?.focus();
    setOpened(true);
  }, [mounted, target]);

  if (!mounted)
    return button({
      ref: target,
      onClick: () => setMounted(true),
      'aria-haspopup': 'menu',
      'aria-expanded': false,
    });
  return (
    <Menu {...menuProps} opened={opened} onChange={setOpened}>
      <Menu.Target>{button({ ref: target, 'aria-haspopup': 'menu' })}</Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}
