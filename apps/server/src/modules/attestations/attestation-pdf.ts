import {
  ATTESTATION_CERTIFICATIONS,
  ATTESTATION_SOCIAL_MEDIA,
  type Attestation,
  messages,
  wireDateToText,
} from '@portal/domain';
import type { Content, TableCell } from 'pdfmake';
import { type PdfDocument, pdfText } from '../../platform/pdf.js';

/**
 * The attestation as the examiner's file keeps it: every section and field of the form,
 * with the labels the form shows, each list's rows, and the review (status, reviewer, dates).
 */

const m = messages.attestations;
type Field = keyof Attestation;
type Row = readonly [label: string, value: string];

/** Dates as the portal shows them (MM/DD/YYYY). */
const date = wireDateToText;
const yesNo = (v: unknown) => (v === true || v === 'true' ? 'Yes' : 'No');
const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** A field the form labels: its label is the form's (messages.attestations.labels). */
type Labelled = keyof typeof m.labels & Field;

const PERSONAL: Labelled[] = [
  'First_Name__c',
  'Middle_Name__c',
  'Last_Name__c',
  'Job_Title__c',
  'CRD_Number__c',
  'Work_Phone__c',
  'Home_Phone__c',
  'Mobile_Phone__c',
  'Work_Email__c',
  'Personal_Email__c',
  'Address_Line_1__c',
  'Address_Line_2__c',
  'City__c',
  'State__c',
  'Zip_Code__c',
  'Insurance_License__c',
  'Broker_Dealer__c',
];
const styles = {
  title: { fontSize: 15, bold: true, margin: [0, 0, 0, 6] },
  section: { fontSize: 11.5, bold: true, margin: [0, 14, 0, 4] },
  label: { bold: true },
  empty: { italics: true, color: '#555555' },
  tableHeader: { bold: true, fillColor: '#eeeeee' },
} satisfies PdfDocument['styles'];

const cell = (value: string): TableCell => ({ text: pdfText(value) });

/**
 * Column widths in points, fixed: pdfmake breaks a word longer than its column only in a column of a
 * set width ('*' columns grow to fit it and push the others off the page, so a filer's one long value
 * could hide the columns beside it). A4 less the margins is 515 pt. Padding is beside the widths:
 * 'noBorders' pads each cell 4 pt a side; 'lightHorizontalLines' 8 pt a side between columns and
 * none at the table's edges.
 */
const PAGE_WIDTH = 515;
const plainPadding = (columns: number) => 8 * columns;
const linedPadding = (columns: number) => 16 * (columns - 1);
/** Each of `columns` columns' even share of what `taken` and the padding leave. */
const share = (columns: number, taken: number, padding: number) => Math.floor((PAGE_WIDTH - taken - padding) / columns);
const LABEL = 95;
const QUESTION = 260;

/** Label and value pairs, two pairs a line. */
function fields(rows: readonly Row[]): Content {
  const body: TableCell[][] = [];
  for (let i = 0; i < rows.length; i += 2) {
    const pair = rows.slice(i, i + 2);
    const line = pair.flatMap(([label, value]): TableCell[] => [{ text: label, style: 'label' }, cell(value)]);
    while (line.length < 4) line.push('');
    body.push(line);
  }
  const value = share(2, 2 * LABEL, plainPadding(4));
  return { table: { widths: [LABEL, value, LABEL, value], body }, layout: 'noBorders' };
}

/** Long answers (a question, a free text) one a line, the whole width for the value. */
function statements(rows: readonly Row[]): Content {
  return {
    table: {
      widths: [QUESTION, share(1, QUESTION, linedPadding(2))],
      body: rows.map(([label, value]) => [{ text: label, style: 'label' }, cell(value)]),
    },
    layout: 'lightHorizontalLines',
  };
}

function list(title: string, header: string[], rows: string[][]): Content[] {
  if (rows.length === 0)
    return [
      { text: title, style: 'section' },
      { text: m.noneReported, style: 'empty' },
    ];
  return [
    { text: title, style: 'section' },
    {
      table: {
        headerRows: 1,
        widths: header.map(() => share(header.length, 0, linedPadding(header.length))),
        body: [header.map((h) => ({ text: h, style: 'tableHeader' })), ...rows.map((r) => r.map(cell))],
      },
      layout: 'lightHorizontalLines',
      // Eight columns of contributions share the width: a smaller size keeps a date on one line.
      fontSize: 8,
    },
  ];
}

/** A list's column headings: its fields' labels, in the columns' order. */
const headers = <L extends Record<string, string>>(labels: L, names: (keyof L)[]) => names.map((n) => labels[n]);

export function attestationPdf(a: Attestation): PdfDocument {
  const v = (f: Field) => text(a[f]);
  const labelled = (f: Labelled, value: string): Row => [m.labels[f], value];
  const pick = (names: readonly Labelled[], as: (f: Field) => string = v): Row[] =>
    names.map((f) => labelled(f, as(f)));
  const lists = m.lists;
  const content: Content[] = [
    { text: pdfText(a.Name), style: 'title' },
    fields([
      labelled('Firm_Name__c', text(a.Firm_Name__c ?? a.Firm__r.Name)),
      [m.periodLabel, `FY${a.Fiscal_Year__c} Q${a.Fiscal_Quarter__c}`],
      labelled('Status__c', text(a.Status__c)),
      labelled('Submitted_Date__c', date(a.Submitted_Date__c)),
      labelled('Reviewed_By__c', text(a.Reviewed_By__c)),
      labelled('Reviewed_Date__c', date(a.Reviewed_Date__c)),
      labelled('Over_De_Minimis__c', yesNo(a.Over_De_Minimis__c)),
    ]),

    { text: m.sections.personal, style: 'section' },
    fields([
      ...pick(PERSONAL.slice(0, 4)),
      labelled('Employment_Date__c', date(a.Employment_Date__c)),
      ...pick(PERSONAL.slice(4)),
      labelled('States_Registered__c', v('States_Registered__c').split(';').join(', ')),
      labelled('States_Clients_Reside__c', v('States_Clients_Reside__c').split(';').join(', ')),
    ]),

    { text: m.sections.certifications, style: 'section' },
    fields([
      ...pick(ATTESTATION_CERTIFICATIONS, (f) => yesNo(a[f])),
      labelled('Other_Qualifications__c', v('Other_Qualifications__c')),
    ]),

    { text: m.sections.socialMedia, style: 'section' },
    fields([
      ...pick(ATTESTATION_SOCIAL_MEDIA, (f) => yesNo(a[f])),
      labelled('Other_Social_Media__c', v('Other_Social_Media__c')),
    ]),

    { text: m.sections.declarations, style: 'section' },
    statements([
      ...Object.entries(m.questions).map(([f, q]): Row => [q, yesNo(a[f as Field])]),
      ...Object.entries(m.statements).map(([f, s]): Row => [s, yesNo(a[f as Field])]),
      labelled('IA_Manual_Attestation_Date__c', date(a.IA_Manual_Attestation_Date__c)),
      labelled('Code_of_Ethics_Attestation_Date__c', date(a.Code_of_Ethics_Attestation_Date__c)),
      labelled('BusinessFinancialOrPersonalRelationships__c', v('BusinessFinancialOrPersonalRelationships__c')),
      labelled('ServesAs__c', v('ServesAs__c')),
    ]),

    ...list(
      lists.Personal_Securities__r.title,
      headers(lists.Personal_Securities__r.fields, [
        'Account_Owner__c',
        'Custodian__c',
        'Account_Number__c',
        'Account_Type__c',
      ]),
      a.Personal_Securities__r.records.map((r) => [
        r.Account_Owner__c,
        r.Custodian__c,
        r.Account_Number__c,
        text(r.Account_Type__c),
      ]),
    ),
    ...list(
      lists.Outside_Business_Activities__r.title,
      headers(lists.Outside_Business_Activities__r.fields, ['Name', 'Approved_By__c', 'Approved_Date__c']),
      a.Outside_Business_Activities__r.records.map((r) => [r.Name, r.Approved_By__c, date(r.Approved_Date__c)]),
    ),
    ...list(
      lists.Political_Contributions__r.title,
      headers(lists.Political_Contributions__r.fields, [
        'Amount__c',
        'Candidate_Name__c',
        'Political_Race__c',
        'Election_Date__c',
        'May_Vote_For_Candidate__c',
        'Approved_By__c',
        'Approved_Date__c',
        'Over_De_Minimis__c',
      ]),
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
