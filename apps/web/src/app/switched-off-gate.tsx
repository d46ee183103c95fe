import { switchedOffEntryOf } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { portalSettingsQuery } from '../lib/portal-settings';

// The card is drawn only where a firm switched an entry off: it loads then, so the first download (the
// sign-in page's, under its JavaScript budget) does not carry the countdown.
const SwitchedOffCard = lazy(() => import('./switched-off-card').then((m) => ({ default: m.SwitchedOffCard })));

/**
 * The signed-in screens, each unless the firm switched its menu entry off: then the
 * coming-soon card with the firm's countdown is drawn in its place, whether the person came by the
 * menu, the home grid or a bookmark.
 */
export function SwitchedOffGate() {
  const { pathname } = useLocation();
  const { data: settings } = useQuery(portalSettingsQuery);
  const entry = settings && switchedOffEntryOf(pathname, settings.switched_off);
  if (!entry) return <Outlet />;
  return (
    <Suspense>
      <SwitchedOffCard
        label={entry.label}
        message={settings.coming_soon_message}
        target={settings.coming_soon_target}
      />
    </Suspense>
  );
}
