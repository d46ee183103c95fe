import { canFileInvestmentRequest, screenEntries } from '@portal/domain';
import { defineScreens } from '../../lib/screens';

// The lists, for advisors (what they filed) and the firm's investment department; the forms, for advisors.
export const investmentRequestsScreens = defineScreens([
  { entry: screenEntries.investmentStrategies, page: ['requests-page', 'InvestmentStrategiesPage'] },
  { entry: screenEntries.cashRequests, page: ['requests-page', 'CashRequestsPage'] },
  {
    path: '/investments/investment-strategy/new',
    page: ['request-form-pages', 'NewInvestmentStrategyPage'],
    allowed: canFileInvestmentRequest,
  },
  {
    path: '/investments/cash-request/new',
    page: ['request-form-pages', 'NewCashRequestPage'],
    allowed: canFileInvestmentRequest,
  },
]);
