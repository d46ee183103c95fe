/** What the firms screens show: labels, headings, buttons. */
export const firmsScreenMessages = {
  firmName: 'Firm name',
  abbreviation: 'Abbreviation',
  firmKey: 'Firm key',
  street: 'Street',
  city: 'City',
  state: 'State',
  zipPostalCode: 'Zip/Postal Code',
  formAdvLink: 'Form ADV link',
  urlPlaceholder: 'https://',
  formCrsLink: 'Form CRS link',
  attestationGracePeriodDays: 'Attestation grace period (days)',
  daysAfterAQuarterOpens: "Days after a quarter opens within which last quarter's attestation is on time.",
  logo: 'Logo',
  chooseAnImage: 'Choose an image',
  firms: 'Firms',
  newFirm: 'New Firm',
};
