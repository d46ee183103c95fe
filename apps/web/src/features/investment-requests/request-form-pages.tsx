import { Button, Group, Stack, Title } from '@mantine/core';
import { messages, investmentRequestsScreenMessages as ui } from '@portal/domain';
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
        {ui.returnTo(label)}
      </Button>
    </Group>
  );
}

/** /investments/investment-strategy/new: Cancel and Submit, back to the list either way. */
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

/** /investments/cash-request/new, with the note about recurring disbursements. */
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
