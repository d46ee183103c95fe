import { comingSoonMessages, switchedOffEntryOf } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { Outlet, useLocation } from 'react-router';
import { ComingSoon } from '../components/coming-soon-countdown';
import { portalSettingsQuery } from '../lib/portal-settings';
import { usePageTitle } from '../lib/use-page-title';

function SwitchedOff({ label, message, target }: { label: string; message: string | null; target: string | null }) {
  usePageTitle(comingSoonMessages.title);
  return <ComingSoon variant="card" title={comingSoonMessages.entryTitle(label)} message={message} target={target} />;
}

/**
 * The signed-in screens, each unless the firm switched its menu entry off (issue 11 §5): then the
 * coming-soon card with the firm's countdown is drawn in its place, whether the person came by the
 * menu, the home grid or a bookmark.
 */
export function SwitchedOffGate() {
  const { pathname } = useLocation();
  const { data: settings } = useQuery(portalSettingsQuery);
  const entry = settings && switchedOffEntryOf(pathname, settings.switched_off);
  if (!entry) return <Outlet />;
  return (
    <SwitchedOff label={entry.label} message={settings.coming_soon_message} target={settings.coming_soon_target} />
  );
}
