import { messages } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { ComingSoon } from '../../components/coming-soon-countdown';
import { Spinner } from '../../components/spinner';
import { portalSettingsQuery } from '../../lib/portal-settings';
import { usePageTitle } from '../../lib/use-page-title';

/** The full-page variant of the coming-soon page: the firm's message and countdown. */
export function ComingSoonPage() {
  usePageTitle(messages.comingSoon.title);
  const { data: settings } = useQuery(portalSettingsQuery);
  if (!settings) return <Spinner label={messages.lists.loading} />;
  return (
    <ComingSoon
      variant="page"
      title={messages.comingSoon.title}
      message={settings.coming_soon_message}
      target={settings.coming_soon_target}
    />
  );
}
