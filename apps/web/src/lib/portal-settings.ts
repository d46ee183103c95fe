import type { PortalSettings } from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api';

export const portalSettingsKey = ['portal-settings'] as const;

/**
 * The firm's switched-off menu entries and their countdown: read by the shell on every signed-in
 * screen (rarely changed, so kept a while) and by the administrators' setup screen.
 */
export const portalSettingsQuery = queryOptions({
  queryKey: portalSettingsKey,
  queryFn: () => api.get<PortalSettings>('/api/portal_settings/'),
  staleTime: 5 * 60_000,
  meta: { silent: true },
});
