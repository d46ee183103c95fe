import { ActionIcon, Group, Menu } from '@mantine/core';
import { commonScreenMessages as ui } from '@portal/domain';
import { IconDots } from '@tabler/icons-react';
import { type ComponentType, useRef } from 'react';
import { LazyMenu } from '../lazy-menu';

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

/** The row's "…" menu, mounted on first use (see LazyMenu). */
function RowMenu({ actions, disabled = [], name, onAction }: Omit<RowActionsProps, 'alignEnd'>) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <LazyMenu
      position="bottom-end"
      withinPortal
      buttonRef={buttonRef}
      button={(props) => (
        <ActionIcon variant="subtle" color="gray" c="gray.8" aria-label={ui.actionsFor(name)} {...props}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      )}
    >
      {actions.map((action) => (
        <Menu.Item
          key={action.label}
          color={action.color}
          disabled={disabled.includes(action.label)}
          leftSection={<action.icon size={16} aria-hidden />}
          onClick={() => {
            // The item goes away with the menu: a modal the action opens must find the button
            // focused, so closing it returns there and not to the top of the page.
            buttonRef.current?.focus();
            onAction(action.label);
          }}
        >
          {action.label}
        </Menu.Item>
      ))}
    </LazyMenu>
  );
}
