import { Paper, Title } from '@mantine/core';
import { settingsScreenMessages as ui } from '@portal/domain';
import { NavLink, Outlet } from 'react-router';
import classes from './settings-page.module.css';

const TABS = [
  { label: ui.profile, to: 'profile' },
  { label: ui.email, to: 'email' },
  { label: ui.password, to: 'password' },
  { label: ui.security, to: 'security' },
  { label: ui.sessions, to: 'sessions' },
];

/**
 * Settings: each tab is a child route, so the tabs are links (with aria-current) and
 * a tab can be bookmarked or opened directly.
 */
export function SettingsPage() {
  return (
    <>
      <Title order={1} mb="md">
        {ui.settings}
      </Title>
      <nav aria-label={ui.settings} className={classes.tabs}>
        {TABS.map((tab) => (
          <NavLink key={tab.to} to={tab.to} className={classes.tab}>
            {tab.label}
          </NavLink>
        ))}
      </nav>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Outlet />
      </Paper>
    </>
  );
}
