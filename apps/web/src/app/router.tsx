import {
  canEditFirmContent,
  canFileInvestmentRequest,
  canListInvestmentRequests,
  canManageCatalogues,
  canManageFirms,
  canManageUsers,
  canOpenAcknowledgements,
  canOpenClientAgreement,
  canOpenClientVault,
  canOpenDisclosureDeliveries,
  canOpenDisclosureDocuments,
  canOpenDisclosurePages,
  canOpenFirmLinks,
  canOpenInvestorProfile,
  canOpenOnboardingForms,
  canOpenRoster,
  canOpenServiceProviders,
  canReadAuditTrail,
  canReadDirectory,
  canReadResources,
  canStartAttestation,
  canUseSupport,
  canViewSubmissionStatus,
} from '@portal/domain';
import { createBrowserRouter, Navigate } from 'react-router';
import { LoginPage } from '../features/auth/login-page';
import { loginPathFor, signOutReasonOf } from '../lib/safe-next';
import { guarded } from './guarded';
import { setSetupRequiredHandler, setUnauthorizedHandler } from './query-client';
import { requireSession, requireUser, twoFactorSetupPath } from './require-user';
import { AppLayout } from './shell/app-layout';
import { NotFoundPage } from './shell/not-found-page';
import { RootError, RouteError } from './shell/route-error';
import { RouteFallback } from './shell/route-fallback';
import { SwitchedOffGate } from './switched-off-gate';

// Each screen is its own chunk, so the sign-in page does not download the settings forms. Sign-in
// itself, the door every session comes through, ships with the entry: it draws without waiting for a
// second download, and what it uses (inputs, buttons, forms) every other screen uses too.
export const router = createBrowserRouter([
  {
    id: 'root',
    Component: AppLayout,
    ErrorBoundary: RootError,
    HydrateFallback: RouteFallback,
    children: [
      {
        path: 'account',
        ErrorBoundary: RouteError,
        children: [
          { path: 'login', Component: LoginPage },
          {
            path: 'logout',
            lazy: async () => ({ Component: (await import('../features/auth/logout-page')).LogoutPage }),
          },
          {
            path: 'password/reset',
            lazy: async () => ({
              Component: (await import('../features/auth/forgot-password-page')).ForgotPasswordPage,
            }),
          },
          {
            path: 'password/reset/:uid/:token',
            lazy: async () => ({
              Component: (await import('../features/auth/password-reset-page')).PasswordResetPage,
            }),
          },
          {
            path: 'email/confirm/:uid/:token',
            lazy: async () => ({
              Component: (await import('../features/auth/confirm-email-page')).ConfirmEmailPage,
            }),
          },
          {
            path: 'activate/:uid/:token',
            lazy: async () => ({
              Component: (await import('../features/auth/activate-account-page')).ActivateAccountPage,
            }),
          },
          {
            // Issue 12 §1: a person whose firm requires a second factor sets one up before anything else.
            path: 'two-factor',
            loader: requireSession,
            lazy: async () => ({
              Component: (await import('../features/settings/two-factor-setup-page')).TwoFactorSetupPage,
            }),
          },
        ],
      },
      {
        id: 'signed-in',
        loader: requireUser,
        // A menu entry the firm switched off shows its coming-soon card instead (issue 11 §5).
        Component: SwitchedOffGate,
        ErrorBoundary: RouteError,
        // Spec 000 §2: the profile is refreshed on every login-required navigation, not only the first.
        shouldRevalidate: () => true,
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import('../features/home/home-page')).HomePage }),
          },
          {
            // Spec 000 §2: /users/ (userManager); the server refuses its calls to anyone else as well.
            path: 'users',
            lazy: async () => ({
              Component: guarded(canManageUsers, (await import('../features/users/users-page')).UsersPage),
            }),
          },
          {
            // Spec 001 §2: the Staff Directory, for the whole staff; managers edit its entries.
            path: 'staff-directory',
            lazy: async () => ({
              Component: guarded(
                canReadDirectory,
                (await import('../features/staff-directory/staff-directory-page')).StaffDirectoryPage,
              ),
            }),
          },
          {
            // Spec 001 §2 (issue 11 §1): Cases (support tickets), for the staff; Prayer Requests is the same
            // screen with the category Prayer Request.
            path: 'support',
            children: [
              {
                index: true,
                lazy: async () => ({
                  Component: guarded(
                    canUseSupport,
                    (await import('../features/support/support-page')).HelpRequestsPage,
                  ),
                }),
              },
              {
                path: 'prayer-requests',
                lazy: async () => ({
                  Component: guarded(
                    canUseSupport,
                    (await import('../features/support/support-page')).PrayerRequestsPage,
                  ),
                }),
              },
            ],
          },
          {
            // Spec 001 §2: the training resources by category (issue 11 §2), for the whole staff.
            path: 'resources',
            children: [
              { index: true, element: <Navigate to="/resources/compliance" replace /> },
              {
                path: ':category',
                lazy: async () => ({
                  Component: guarded(
                    canReadResources,
                    (await import('../features/resources/resources-page')).ResourcesPage,
                  ),
                }),
              },
              {
                // Who has not acknowledged a Compliance document's current version: CCOs and administrators.
                path: 'compliance/:id/acknowledgements',
                lazy: async () => ({
                  Component: guarded(
                    canOpenAcknowledgements,
                    (await import('../features/resources/acknowledgements-page')).AcknowledgementsPage,
                  ),
                }),
              },
            ],
          },
          {
            // Issue 11 §4: the client document vault (a client's own; an advisor's or administrator's clients').
            path: 'document-vault',
            lazy: async () => ({
              Component: guarded(
                canOpenClientVault,
                (await import('../features/document-vault/document-vault-page')).DocumentVaultPage,
              ),
            }),
          },
          {
            // Issue 11 §4: the firm's configured links, kept by its administrators.
            path: 'setup/firm-links',
            lazy: async () => ({
              Component: guarded(
                canOpenFirmLinks,
                (await import('../features/firm-links/firm-links-page')).FirmLinksPage,
              ),
            }),
          },
          {
            // Issue 12 §2: the SAML service providers the firm's portfolio-system links sign in to.
            path: 'setup/single-sign-on',
            lazy: async () => ({
              Component: guarded(
                canOpenServiceProviders,
                (await import('../features/single-sign-on/single-sign-on-page')).SingleSignOnPage,
              ),
            }),
          },
          {
            // Spec 000 §2: /setup/firms (firmManager), for a super admin.
            path: 'setup/firms',
            lazy: async () => ({
              Component: guarded(canManageFirms, (await import('../features/firms/firms-page')).FirmsPage),
            }),
          },
          {
            // Spec 001 §2: the Quarterly Attestations manager (attestationManager), for staff.
            path: 'compliance/attestations',
            lazy: async () => ({
              Component: guarded(
                canStartAttestation,
                (await import('../features/compliance/attestations-page')).AttestationsPage,
              ),
            }),
          },
          {
            // Spec 001 §2: the new attestation form (attestationForm); id is the current user's.
            path: 'compliance/attestations/:id/new',
            lazy: async () => ({
              Component: guarded(
                canStartAttestation,
                (await import('../features/compliance/attestation-form-page')).AttestationFormPage,
              ),
            }),
          },
          {
            // Spec 001 §2: the Supervised Persons manager (supervisedPersonManager): every CCO (their firm's roster,
            // as the API), though only a super CCO has it in the menu (spec 000 §2).
            path: 'compliance/supervised-persons',
            lazy: async () => ({
              Component: guarded(
                canOpenRoster,
                (await import('../features/compliance/supervised-persons-page')).SupervisedPersonsPage,
              ),
            }),
          },
          {
            // Spec 001 §2: Attestation Submission Status (issue 8), for CCOs (their firm) and super CCOs.
            path: 'compliance/quarterly-attestation-submission-status',
            lazy: async () => ({
              Component: guarded(
                canViewSubmissionStatus,
                (await import('../features/compliance/submission-status-page')).SubmissionStatusPage,
              ),
            }),
          },
          {
            // Issue 10 §4: the CCO report of disclosure deliveries, for CCOs and administrators (their firm),
            // super CCOs and super admins (every firm).
            path: 'compliance/disclosure-deliveries',
            lazy: async () => ({
              Component: guarded(
                canOpenDisclosureDeliveries,
                (await import('../features/disclosures/deliveries-page')).DisclosureDeliveriesPage,
              ),
            }),
          },
          {
            // Issue 12 §5: the audit trail, for CCOs and administrators (their firm) and super accounts (every firm).
            path: 'compliance/audit-trail',
            lazy: async () => ({
              Component: guarded(
                canReadAuditTrail,
                (await import('../features/audit-trail/audit-trail-page')).AuditTrailPage,
              ),
            }),
          },
          {
            // Issue 10 §4: a firm's Form ADV and Form CRS versions, for its administrators and super admins.
            path: 'setup/disclosure-documents',
            lazy: async () => ({
              Component: guarded(
                canOpenDisclosureDocuments,
                (await import('../features/disclosures/documents-page')).DisclosureDocumentsPage,
              ),
            }),
          },
          {
            // Spec 001 §2: the Investment Strategies list, for advisors (what they filed) and the firm's
            // investment department (issue 9).
            path: 'investments/investment-strategies',
            lazy: async () => ({
              Component: guarded(
                canListInvestmentRequests,
                (await import('../features/investment-requests/requests-page')).InvestmentStrategiesPage,
              ),
            }),
          },
          {
            // Spec 001 §2: the new strategy form, for advisors of a firm (issue 9).
            path: 'investments/investment-strategy/new',
            lazy: async () => ({
              Component: guarded(
                canFileInvestmentRequest,
                (await import('../features/investment-requests/request-form-pages')).NewInvestmentStrategyPage,
              ),
            }),
          },
          {
            // Spec 001 §2: the Cash Requests list, for advisors and the firm's investment department (issue 9).
            path: 'investments/cash-requests',
            lazy: async () => ({
              Component: guarded(
                canListInvestmentRequests,
                (await import('../features/investment-requests/requests-page')).CashRequestsPage,
              ),
            }),
          },
          {
            // Spec 001 §2: the new cash request form, for advisors of a firm (issue 9).
            path: 'investments/cash-request/new',
            lazy: async () => ({
              Component: guarded(
                canFileInvestmentRequest,
                (await import('../features/investment-requests/request-form-pages')).NewCashRequestPage,
              ),
            }),
          },
          {
            // Spec 001 §2: the Models manager, for investments users, administrators and super admins (issue 9).
            path: 'investments/models',
            lazy: async () => ({
              Component: guarded(
                canManageCatalogues,
                (await import('../features/investment-catalogues/catalogue-page')).ModelsPage,
              ),
            }),
          },
          {
            // Spec 001 §2: the Fee Schedules manager, for investments users, administrators and super admins (issue 9).
            path: 'investments/fee-schedules',
            lazy: async () => ({
              Component: guarded(
                canManageCatalogues,
                (await import('../features/investment-catalogues/catalogue-page')).FeeSchedulesPage,
              ),
            }),
          },
          {
            // Spec 001 §2: the Firm Models manager, for investments users, administrators and super admins (issue 9).
            path: 'investments/firm-models',
            lazy: async () => ({
              Component: guarded(
                canManageCatalogues,
                (await import('../features/investment-catalogues/assignments-page')).FirmModelsPage,
              ),
            }),
          },
          {
            // Spec 001 §2: the Firm Fee Schedules manager, for investments users, administrators and super admins (issue 9).
            path: 'investments/firm-fee-schedules',
            lazy: async () => ({
              Component: guarded(
                canManageCatalogues,
                (await import('../features/investment-catalogues/assignments-page')).FirmFeeSchedulesPage,
              ),
            }),
          },
          {
            // Spec 001 §2 (issue 10): the onboarding forms. Every one needs sign-in, the Exhibit B route too.
            path: 'forms',
            children: [
              {
                index: true,
                lazy: async () => ({
                  Component: guarded(
                    canOpenOnboardingForms,
                    (await import('../features/onboarding/forms-page')).FormsPage,
                  ),
                }),
              },
              {
                path: 'client-agreement',
                lazy: async () => ({
                  Component: guarded(
                    canOpenClientAgreement,
                    (await import('../features/onboarding/client-agreement-page')).ClientAgreementPage,
                  ),
                }),
              },
              ...['investor-profile', 'exhibit-b-investor-profile'].map((path) => ({
                path,
                lazy: async () => ({
                  Component: guarded(
                    canOpenInvestorProfile,
                    (await import('../features/onboarding/investor-profile-page')).InvestorProfilePage,
                  ),
                }),
              })),
              {
                path: 'form-adv',
                lazy: async () => ({
                  Component: guarded(
                    canOpenDisclosurePages,
                    (await import('../features/onboarding/disclosure-pages')).FormAdvPage,
                  ),
                }),
              },
              {
                path: 'form-crs',
                lazy: async () => ({
                  Component: guarded(
                    canOpenDisclosurePages,
                    (await import('../features/onboarding/disclosure-pages')).FormCrsPage,
                  ),
                }),
              },
            ],
          },
          {
            // Spec 000 §2: the firm's Life Impact page, for everyone signed in; its administrators edit it.
            path: 'life-impact',
            lazy: async () => ({
              Component: (await import('../features/life-impact/life-impact-page')).LifeImpactPage,
            }),
          },
          {
            // Spec 000 §2: the calendar, for everyone signed in (issue 11 §5).
            path: 'calendar',
            lazy: async () => ({ Component: (await import('../features/calendar/calendar-page')).CalendarPage }),
          },
          {
            // Spec 001 §1: the coming-soon page, full-page variant (the card is drawn by SwitchedOffGate).
            path: 'coming-soon',
            lazy: async () => ({
              Component: (await import('../features/coming-soon/coming-soon-page')).ComingSoonPage,
            }),
          },
          {
            // Issue 11 §5: which menu entries lead to the coming-soon card, for the firm's administrators.
            path: 'setup/coming-soon',
            lazy: async () => ({
              Component: guarded(
                canEditFirmContent,
                (await import('../features/coming-soon/coming-soon-settings-page')).ComingSoonSettingsPage,
              ),
            }),
          },
          {
            path: 'settings',
            lazy: async () => ({ Component: (await import('../features/settings/settings-page')).SettingsPage }),
            children: [
              { index: true, element: <Navigate to="profile" replace /> },
              {
                path: 'profile',
                lazy: async () => ({ Component: (await import('../features/settings/profile-tab')).ProfileTab }),
              },
              {
                path: 'email',
                lazy: async () => ({ Component: (await import('../features/settings/email-tab')).EmailTab }),
              },
              {
                path: 'password',
                lazy: async () => ({ Component: (await import('../features/settings/password-tab')).PasswordTab }),
              },
              {
                path: 'security',
                lazy: async () => ({ Component: (await import('../features/settings/security-tab')).SecurityTab }),
              },
              {
                path: 'sessions',
                lazy: async () => ({ Component: (await import('../features/settings/sessions-tab')).SessionsTab }),
              },
            ],
          },
        ],
      },
      // Drawn by the error screen too, so it ships with the shell rather than as its own chunk.
      { path: '*', Component: NotFoundPage },
    ],
  },
]);

setSetupRequiredHandler(() => {
  const { pathname, search, hash } = router.state.location;
  if (pathname === '/account/two-factor') return;
  void router.navigate(twoFactorSetupPath(`${pathname}${search}${hash}`), { replace: true });
});

setUnauthorizedHandler((error) => {
  const { pathname, search, hash } = router.state.location;
  if (pathname.startsWith('/account/')) return;
  void router.navigate(loginPathFor(`${pathname}${search}${hash}`, signOutReasonOf(error)), { replace: true });
});
