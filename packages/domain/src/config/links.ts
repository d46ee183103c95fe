/**
 * External sites the navigation links to (configuration, not code). Changing a URL or
 * adding a site is an edit here; the menus, the home grid and the tests read these lists.
 */
export interface ExternalLink {
  label: string;
  url: string;
}

/** The custodian flags of a client's profile that switch on an Account Management link. */
export type CustodianFlag =
  | 'is_using_fidelity'
  | 'is_using_national_advisors_trust'
  | 'is_using_schwab'
  | 'is_using_td_ameritrade';

/** Account Management for clients: one custodian site per flag the client has. */
export const custodianLinks: Record<CustodianFlag, ExternalLink> = {
  is_using_fidelity: { label: 'Fidelity', url: 'https://clientservices.fidelity.com' },
  is_using_national_advisors_trust: { label: 'National Advisors Trust', url: 'https://www.nationaladvisorstrust.com' },
  is_using_schwab: { label: 'Schwab', url: 'https://client.schwab.com' },
  is_using_td_ameritrade: { label: 'TD Ameritrade', url: 'https://www.tdameritrade.com' },
};

/** The staff 'Links' menu: external custodian and tool sites. */
export const staffLinks: ExternalLink[] = [
  { label: 'Fidelity', url: 'https://clientservices.fidelity.com' },
  { label: 'National Advisors Trust', url: 'https://www.nationaladvisorstrust.com' },
  { label: 'Schwab', url: 'https://client.schwab.com' },
  { label: 'TD Ameritrade', url: 'https://www.tdameritrade.com' },
];
