import { type Attestation, messages } from '@portal/domain';
import type { Content, TableCell } from 'pdfmake';
import { type PdfDocument, pdfText } from '../../platform/pdf.js';

/**
 * The attestation as the examiner's file keeps it: every section and field of the form (spec 001 §3),
 * with the labels the form shows, each list's rows, and the review (status, reviewer, dates).
 */

const m = messages.attestations;
type Field = keyof Attestation;
type Row = readonly [label: string, value: string];

/** Dates as the portal shows them (MM/DD/YYYY); the wire's YYYY-MM-DD otherwise unchanged. */
const date = (v: string | null | undefined) => {
  const match = v ? /^(\d{4})-(\d{2})-(\d{2})/.exec(v) : null;
  return match ? `${match[2]}/${match[3]}/${match[1]}` : (v ?? '');
};
const yesNo = (v: unknown) => (v === true || v === 'true' ? 'Yes' : 'No');
const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

const PERSONAL: [Field, string][] = [
  ['First_Name__c', 'First name'],
  ['Middle_Name__c', 'Middle name'],
  ['Last_Name__c', 'Last name'],
  ['Job_Title__c', 'Job title'],
  ['CRD_Number__c', 'CRD number'],
  ['Work_Phone__c', 'Work phone'],
  ['Home_Phone__c', 'Home phone'],
  ['Mobile_Phone__c', 'Mobile phone'],
  ['Work_Email__c', 'Work email'],
  ['Personal_Email__c', 'Personal email'],
  ['Address_Line_1__c', 'Address line 1'],
  ['Address_Line_2__c', 'Address line 2'],
  ['City__c', 'City'],
  ['State__c', 'State'],
  ['Zip_Code__c', 'Zip code'],
  ['Insurance_License__c', 'Insurance license'],
  ['Broker_Dealer__c', 'Broker dealer'],
];
const CERTIFICATIONS: [Field, string][] = [
  ['CFP__c', 'CFP'],
  ['ChFC__c', 'ChFC'],
  ['CFA__c', 'CFA'],
  ['PFS__c', 'PFS'],
  ['CIC__c', 'CIC'],
  ['CKA__c', 'CKA'],
  ['Series_7__c', 'Series 7'],
  ['Series_24__c', 'Series 24'],
  ['Series_65__c', 'Series 65'],
  ['Series_66__c', 'Series 66'],
];
const SOCIAL_MEDIA: [Field, string][] = [
  ['LinkedIn__c', 'LinkedIn'],
  ['Facebook__c', 'Facebook'],
  ['Twitter__c', 'Twitter'],
  ['YouTube__c', 'YouTube'],
];

const styles = {
  title: { fontSize: 15, bold: true, margin: [0, 0, 0, 6] },
  section: { fontSize: 11.5, bold: true, margin: [0, 14, 0, 4] },
  label: { bold: true },
  empty: { italics: true, color: '#555555' },
  tableHeader: { bold: true, fillColor: '#eeeeee' },
} satisfies PdfDocument['styles'];

const cell = (value: string): TableCell => ({ text: pdfText(value) });

/** Label and value pairs, two pairs a line. */
function fields(rows: readonly Row[]): Content {
  const body: TableCell[][] = [];
  for (let i = 0; i < rows.length; i += 2) {
    const pair = rows.slice(i, i + 2);
    const line = pair.flatMap(([label, value]): TableCell[] => [{ text: label, style: 'label' }, cell(value)]);
    while (line.length < 4) line.push('');
    body.push(line);
  }
  return { table: { widths: [95, '*', 95, '*'], body }, layout: 'noBorders' };
}

/** Long answers (a question, a free text) one a line, the whole width for the value. */
function statements(rows: readonly Row[]): Content {
  return {
    table: { widths: [260, '*'], body: rows.map(([label, value]) => [{ text: label, style: 'label' }, cell(value)]) },
    layout: 'lightHorizontalLines',
  };
}

function list(title: string, header: string[], rows: string[][]): Content[] {
  if (rows.length === 0)
    return [
      { text: title, style: 'section' },
      { text: 'None reported.', style: 'empty' },
    ];
  return [
    { text: title, style: 'section' },
    {
      table: {
        headerRows: 1,
        widths: header.map(() => '*'),
        body: [header.map((h) => ({ text: h, style: 'tableHeader' })), ...rows.map((r) => r.map(cell))],
      },
      layout: 'lightHorizontalLines',
    },
  ];
}

export function attestationPdf(a: Attestation): PdfDocument {
  const v = (f: Field) => text(a[f]);
  const pick = (pairs: [Field, string][], as: (f: Field) => string = v): Row[] => pairs.map(([f, l]) => [l, as(f)]);
  const content: Content[] = [
    { text: pdfText(a.Name), style: 'title' },
    fields([
      ['Firm', text(a.Firm_Name__c ?? a.Firm__r.Name)],
      ['Period', `FY${a.Fiscal_Year__c} Q${a.Fiscal_Quarter__c}`],
      ['Status', text(a.Status__c)],
      ['Submitted date', date(a.Submitted_Date__c)],
      ['Reviewed by', text(a.Reviewed_By__c)],
      ['Reviewed date', date(a.Reviewed_Date__c)],
      [m.overDeMinimis, yesNo(a.Over_De_Minimis__c)],
    ]),

    { text: 'Personal information', style: 'section' },
    fields([
      ...pick(PERSONAL.slice(0, 4)),
      ['Employment date', date(a.Employment_Date__c)],
      ...pick(PERSONAL.slice(4)),
      ['States registered', v('States_Registered__c').split(';').join(', ')],
      ['States clients reside', v('States_Clients_Reside__c').split(';').join(', ')],
    ]),

    { text: 'Licences and certifications', style: 'section' },
    fields([...pick(CERTIFICATIONS, (f) => yesNo(a[f])), ['Other qualifications', v('Other_Qualifications__c')]]),

    { text: 'Social media used for business', style: 'section' },
    fields([...pick(SOCIAL_MEDIA, (f) => yesNo(a[f])), ['Other social media', v('Other_Social_Media__c')]]),

    { text: 'Declarations', style: 'section' },
    statements([
      ...Object.entries(m.questions).map(([f, q]): Row => [q, yesNo(a[f as Field])]),
      ...Object.entries(m.statements).map(([f, s]): Row => [s, yesNo(a[f as Field])]),
      ['Compliance manual attestation date', date(a.IA_Manual_Attestation_Date__c)],
      ['Code of ethics attestation date', date(a.Code_of_Ethics_Attestation_Date__c)],
      ['Business, financial or personal relationships with clients', v('BusinessFinancialOrPersonalRelationships__c')],
      ['Serves as (director, officer, trustee or similar roles outside the firm)', v('ServesAs__c')],
    ]),

    ...list(
      'Personal Securities',
      ['Account owner', 'Custodian', 'Account number', 'Account type'],
      a.Personal_Securities__r.records.map((r) => [
        r.Account_Owner__c,
        r.Custodian__c,
        r.Account_Number__c,
        text(r.Account_Type__c),
      ]),
    ),
    ...list(
      'Outside Business Activities',
      ['Activity name', 'Approved by', 'Approved date'],
      a.Outside_Business_Activities__r.records.map((r) => [r.Name, r.Approved_By__c, date(r.Approved_Date__c)]),
    ),
    ...list(
      'Political Contributions',
      [
        'Amount',
        'Candidate',
        'Political race',
        'Election date',
        'May vote',
        'Approved by',
        'Approved date',
        m.overDeMinimis,
      ],
      a.Political_Contributions__r.records.map((r) => [
        usd.format(r.Amount__c),
        r.Candidate_Name__c,
        r.Political_Race__c,
        date(r.Election_Date__c),
        yesNo(r.May_Vote_For_Candidate__c),
        r.Approved_By__c,
        date(r.Approved_Date__c),
        yesNo(r.Over_De_Minimis__c),
      ]),
    ),
  ];
  return { title: a.Name, content, styles };
}
