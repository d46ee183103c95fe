import { comingSoonMessages } from '@portal/domain';
import { ComingSoon } from '../components/coming-soon-countdown';
import { usePageTitle } from '../lib/use-page-title';

/** The coming-soon card with the firm's countdown, drawn in place of a screen whose entry is switched off. */
export function SwitchedOffCard({
  label,
  message,
  target,
}: {
  label: string;
  message: string | null;
  target: string | null;
}) {
  usePageTitle(comingSoonMessages.title);
  return <ComingSoon variant="card" title={comingSoonMessages.entryTitle(label)} message={message} target={target} />;
}
