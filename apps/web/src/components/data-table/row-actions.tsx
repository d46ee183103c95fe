import { ActionIcon, Group, Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { type ComponentType, useLayoutEffect, useRef, useState } from 'react';

/** What a row draws of one action; what it does is looked up by label when it is chosen. */
export interface RowActionLook {
  label: string;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
  color?: 'red';
  placement?: 'inline' | 'menu' | 'both';
}

interface RowActionsProps {
  /** The actions this row offers, in order (already filtered by permission). */
  actions: readonly RowActionLook[];
  /** The labels of those that cannot be chosen now. */
  disabled?: readonly string[];
  name: string;
  alignEnd: boolean;
  onAction: (label: string) => void;
}

export function RowActions({ actions, disabled = [], name, alignEnd, onAction }: RowActionsProps) {
  const inline = actions.filter((action) => action.placement === 'inline' || action.placement === 'both');
  const menu = actions.filter((action) => (action.placement ?? 'menu') !== 'inline');
  return (
    <Group gap={4} wrap="nowrap" justify={alignEnd ? 'flex-end' : 'flex-start'}>
      {inline.map((action) => (
        <ActionIcon
          key={action.label}
          variant="subtle"
          color={action.color ?? 'gray'}
          c={action.color ? undefined : 'gray.8'}
          aria-label={`${action.label} ${name}`}
          disabled={disabled.includes(action.label)}
          onClick={() => onAction(action.label)}
        >
          <action.icon size={18} aria-hidden />
        </ActionIcon>
      ))}
      {menu.length > 0 && <RowMenu actions={menu} disabled={disabled} name={name} onAction={onAction} />}
    </Group>
  );
}

/**
 * The row's "…" menu. A Mantine Menu is a popover with floating-ui's hooks and effects; a page of 25
 * rows mounting 25 of them was a large part of the list's first render, for menus seldom opened. So
 * each row draws the same button alone, and the Menu takes its place on the first click (or Enter),
 * opening at once, with focus kept on the button so closing the menu returns there as usual.
 */
function RowMenu({ actions, disabled = [], name, onAction }: Omit<RowActionsProps, 'alignEnd'>) {
  const [mounted, setMounted] = useState(false);
  const [opened, setOpened] = useState(false);
  const target = useRef<HTMLButtonElement>(null);

  useLayoutEffect(() => {
    if (!mounted) return;
    // The button under the Menu is a new element: focus it before opening, since the Menu returns
    // focus on close to whatever had it when it opened.
    target.current?.focus();
    setOpened(true);
  }, [mounted]);

  const button = (
    <ActionIcon
      ref={target}
      variant="subtle"
      color="gray"
      c="gray.8"
      aria-label={`Actions for ${name}`}
      aria-haspopup="menu"
      aria-expanded={mounted ? undefined : false}
      onClick={mounted ? undefined : () => setMounted(true)}
    >
      <IconDots size={18} aria-hidden />
    </ActionIcon>
  );
  if (!mounted) return button;
  return (
    <Menu position="bottom-end" withinPortal opened={opened} onChange={setOpened}>
      <Menu.Target>{button}</Menu.Target>
      <Menu.Dropdown>
        {actions.map((action) => (
          <Menu.Item
            key={action.label}
            color={action.color}
            disabled={disabled.includes(action.label)}
            leftSection={<action.icon size={16} aria-hidden />}
            onClick={() => {
              // The item goes away with the menu: a modal the action opens must find the button
              // focused, so closing it returns there and not to the top of the page.
              target.current?.focus();
              onAction(action.label);
            }}
          >
            {action.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
