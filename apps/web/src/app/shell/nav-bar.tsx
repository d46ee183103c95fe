import { ActionIcon, Anchor, Box, Burger, Button, Collapse, Container, Group, Menu } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { MenuEntry, MenuGroup, User } from '@portal/domain';
import { shellScreenMessages as ui } from '@portal/domain';
import { IconChevronDown, IconLogout, IconSettings } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { LazyMenu, type MenuButtonProps } from '../../components/lazy-menu';
import { displayName } from '../../lib/current-user';
import { firmQuery } from '../../lib/firms';
import { useMenu } from '../../lib/menu';
import classes from './signed-in-header.module.css';

const LOGOUT_PATH = '/account/logout';

function EntryItem({ entry }: { entry: MenuEntry }) {
  if (entry.external) {
    return (
      <Menu.Item component="a" href={entry.to} target="_blank" rel="noopener noreferrer">
        {entry.label}
      </Menu.Item>
    );
  }
  return (
    <Menu.Item component={Link} to={entry.to}>
      {entry.label}
    </Menu.Item>
  );
}

/** A label on the bar that opens a dropdown (a group's, the person's). */
function BarMenuButton({ label, ...props }: MenuButtonProps & { label: string }) {
  return (
    <Button
      variant="subtle"
      color="gray"
      c="gray.9"
      px="xs"
      rightSection={<IconChevronDown size={14} aria-hidden />}
      {...props}
    >
      {label}
    </Button>
  );
}

/** A group of one entry named as the group itself (Life Impact, Calendar): a link, not a dropdown. */
const singleLink = (group: MenuGroup) =>
  group.entries.length === 1 && group.entries[0].label === group.label && !group.entries[0].external
    ? group.entries[0]
    : undefined;

/** A main-bar group: its label opens a dropdown of its entries, or is the link of its only entry. */
function GroupMenu({ group }: { group: MenuGroup }) {
  const link = singleLink(group);
  if (link)
    return (
      <Button component={NavLink} to={link.to} variant="subtle" color="gray" c="gray.9" px="xs">
        {link.label}
      </Button>
    );
  return (
    <LazyMenu position="bottom-start" withinPortal button={(props) => <BarMenuButton label={group.label} {...props} />}>
      {group.entries.map((entry) => (
        <EntryItem key={entry.to} entry={entry} />
      ))}
    </LazyMenu>
  );
}

/** The gear menu: every 'setup' group, each under its own label. */
function SetupMenu({ groups }: { groups: MenuGroup[] }) {
  return (
    <LazyMenu
      position="bottom-end"
      withinPortal
      button={(props) => (
        <ActionIcon variant="subtle" color="gray" c="gray.9" size="lg" aria-label={ui.setup} {...props}>
          <IconSettings size={20} aria-hidden />
        </ActionIcon>
      )}
    >
      {groups.map((group) => (
        <Box key={group.id}>
          <Menu.Label>{group.label}</Menu.Label>
          {group.entries.map((entry) => (
            <EntryItem key={entry.to} entry={entry} />
          ))}
        </Box>
      ))}
    </LazyMenu>
  );
}

function ProfileMenu({ user, groups }: { user: User; groups: MenuGroup[] }) {
  return (
    <LazyMenu
      position="bottom-end"
      withinPortal
      button={(props) => <BarMenuButton label={displayName(user)} {...props} />}
    >
      {groups.flatMap((group) => group.entries.map((entry) => <EntryItem key={entry.to} entry={entry} />))}
      <Menu.Item component={Link} to={LOGOUT_PATH} leftSection={<IconLogout size={16} aria-hidden />}>
        {ui.logOut}
      </Menu.Item>
    </LazyMenu>
  );
}

function MobileEntry({ entry }: { entry: MenuEntry }) {
  if (entry.external) {
    return (
      <a className={classes.mobileLink} href={entry.to} target="_blank" rel="noopener noreferrer">
        {entry.label}
      </a>
    );
  }
  return (
    <NavLink className={classes.mobileLink} to={entry.to}>
      {entry.label}
    </NavLink>
  );
}

function MobileGroup({ label, entries }: { label: string; entries: MenuEntry[] }) {
  return (
    <Box>
      <div className={classes.mobileGroupLabel}>{label}</div>
      {entries.map((entry) => (
        <MobileEntry key={entry.to} entry={entry} />
      ))}
    </Box>
  );
}

/** The firm's logo links home; without one (or while it loads) the text brand does. */
function Brand({ firmId }: { firmId: number | null }) {
  const { data: firm } = useQuery({
    ...firmQuery(firmId ?? 0),
    enabled: firmId !== null,
    meta: { silent: true },
  });
  return (
    <Anchor component={Link} to="/" className={classes.brand} underline="never">
      {firm?.logo_url ? <img src={firm.logo_url} alt={ui.firmHome(firm.name)} className={classes.logo} /> : ui.portal}
    </Anchor>
  );
}

/**
 * The bar is drawn entirely from the domain's menu definition filtered for this person, so a later
 * area appears here by adding its entry there.
 */
export function NavBar({ user }: { user: User }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const [mobileMenuUsed, setMobileMenuUsed] = useState(false);
  if (opened && !mobileMenuUsed) setMobileMenuUsed(true);
  const { pathname } = useLocation();
  const groups = useMenu(user);
  const main = groups.filter((group) => group.place === 'main');
  const setup = groups.filter((group) => group.place === 'setup');
  const profile = groups.filter((group) => group.place === 'profile');

  // A chosen link has done its job; the collapsed menu should not stay open over the next screen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation by design
  useEffect(() => close(), [pathname, close]);

  return (
    <header className={classes.header}>
      <Container size="lg" px={{ base: 'sm', sm: 'md' }}>
        <Group className={classes.bar} justify="space-between" wrap="nowrap" gap="sm">
          <Brand firmId={user.profile._firm} />
          <Box component="nav" aria-label={ui.main} visibleFrom="lg" flex={1}>
            <Group gap={4} justify="space-between" wrap="nowrap">
              <Group gap={4}>
                {main.map((group) => (
                  <GroupMenu key={group.id} group={group} />
                ))}
              </Group>
              <Group gap="xs" wrap="nowrap">
                {setup.length > 0 && <SetupMenu groups={setup} />}
                <ProfileMenu user={user} groups={profile} />
              </Group>
            </Group>
          </Box>
          <Burger
            hiddenFrom="lg"
            opened={opened}
            onClick={toggle}
            size="sm"
            aria-label={ui.toggleNavigation}
            aria-expanded={opened}
            aria-controls="mobile-navigation"
          />
        </Group>
        <Collapse expanded={opened} hiddenFrom="lg">
          <nav id="mobile-navigation" aria-label={ui.main} className={classes.mobileMenu}>
            {/* Its links are drawn when first opened: a closed menu would otherwise cost every page
                load a link (and its router hooks) per menu entry. */}
            {mobileMenuUsed && (
              <>
                {main.map((group) => (
                  <MobileGroup key={group.id} label={group.label} entries={group.entries} />
                ))}
                {setup.map((group) => (
                  <MobileGroup key={group.id} label={ui.setupGroup(group.label)} entries={group.entries} />
                ))}
                <MobileGroup
                  label={displayName(user)}
                  entries={[...profile.flatMap((group) => group.entries), { label: ui.logOut, to: LOGOUT_PATH }]}
                />
              </>
            )}
          </nav>
        </Collapse>
      </Container>
    </header>
  );
}
