import { Button, Group, Stack, Title } from '@mantine/core';
import { messages } from '@portal/domain';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useCurrentUser } from '../../lib/current-user';
import { usePageTitle } from '../../lib/use-page-title';
import { CashRequestForm } from './cash-request-form';
import { StrategyForm } from './strategy-form';

export const STRATEGIES_LIST = '/investments/investment-strategies/';
export const CASH_REQUESTS_LIST = '/investments/cash-requests/';

function ReturnLink({ to, label }: { to: string; label: string }) {
  return (
    <Group>
      <Button component={Link} to={to} variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />}>
        Return to {label}
      </Button>
    </Group>
  );
}

/** /investments/investment-strategy/new (spec 001 §2): Cancel and Submit, back to the list either way. */
export function NewInvestmentStrategyPage() {
  const title = messages.investmentStrategies.newTitle;
  usePageTitle(title);
  const actor = useCurrentUser();
  const navigate = useNavigate();
  const back = () => navigate(STRATEGIES_LIST);
  return (
    <Stack gap="md">
      <ReturnLink to={STRATEGIES_LIST} label={messages.investmentStrategies.listTitle} />
      <Title order={1}>{title}</Title>
      <StrategyForm mode="new" actor={actor} strategy={null} onCancel={back} onSaved={back} />
    </Stack>
  );
}

/** /investments/cash-request/new (spec 001 §2), with the note about recurring disbursements. */
export function NewCashRequestPage() {
  const title = messages.cashRequests.newTitle;
  usePageTitle(title);
  const actor = useCurrentUser();
  const navigate = useNavigate();
  const back = () => navigate(CASH_REQUESTS_LIST);
  return (
    <Stack gap="md">
      <ReturnLink to={CASH_REQUESTS_LIST} label={messages.cashRequests.listTitle} />
      <Title order={1}>{title}</Title>
      <CashRequestForm mode="new" actor={actor} request={null} onCancel={back} onSaved={back} />
    </Stack>
  );
}
