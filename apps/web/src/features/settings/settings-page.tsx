import { Paper, Title } from '@mantine/core';
import { NavLink, Outlet } from 'react-router';
import classes from './settings-page.module.css';

const TABS = [
  { label: 'Profile', to: 'profile' },
  { label: 'Email', to: 'email' },
  { label: 'Password', to: 'password' },
  { label: 'Security', to: 'security' },
  { label: 'Sessions', to: 'sessions' },
];

/**
 * Spec 000 §2 "Settings": each tab is a child route, so the tabs are links (with aria-current) and
 * a tab can be bookmarked or opened directly.
 */
export function SettingsPage() {
  return (
    <>
      <Title order={1} mb="md">
        Settings
      </Title>
      <nav aria-label="Settings" className={classes.tabs}>
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
