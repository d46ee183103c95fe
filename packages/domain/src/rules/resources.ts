import { isCco, isSuperCco } from './attestations.js';
import { cleanFileName, extensionOf, isOfficePackageOf, SIGNATURES } from './file-signatures.js';
import { type Actor, isFirmAdmin, isStaff, isSuperAdmin, sameFirm } from './permissions.js';

/**
 * Training resources: a firm's documents, videos and links by category, and
 * the written acknowledgement of the code of ethics and of each amendment that Rule 204A-1 requires.
 */
export const RESOURCE_CATEGORIES = ['compliance', 'investments', 'operations', 'videos', 'faqs'] as const;
export type ResourceCategory = (typeof RESOURCE_CATEGORIES)[number];

/** Which quarterly attestation date a document's acknowledgement fills. */
export const ACKNOWLEDGEMENT_KINDS = ['code_of_ethics', 'ia_manual'] as const;
export type AcknowledgementKind = (typeof ACKNOWLEDGEMENT_KINDS)[number];
export const ATTESTATION_DATE_OF = {
  code_of_ethics: 'Code_of_Ethics_Attestation_Date__c',
  ia_manual: 'IA_Manual_Attestation_Date__c',
} as const satisfies Record<AcknowledgementKind, string>;

export const RESOURCE_MAX_BYTES = 50 * 1024 * 1024;

/** Every staff member of the firm reads its resources; clients do not (their menu has none). */
export const canReadResources = (a: Actor) => isStaff(a);

/** A firm's administrators add, replace and remove its resources; a super admin any firm's. */
export const canManageResources = (a: Actor, firmId: number | null) =>
  isSuperAdmin(a) || (isFirmAdmin(a) && sameFirm(a, firmId));

/** A staff member acknowledges their own firm's documents (the acknowledgement is theirs, not a firm's). */
export const canAcknowledgeResource = (a: Actor, firmId: number | null) => isStaff(a) && sameFirm(a, firmId);

/** Who has not acknowledged: the firm's CCO and administrators; a super CCO and a super admin any firm's. */
export const canViewAcknowledgements = (a: Actor, firmId: number | null) =>
  isSuperAdmin(a) || isSuperCco(a) || ((isCco(a) || isFirmAdmin(a)) && sameFirm(a, firmId));

/** A file type the portal keeps: what the bytes must start with, and how a browser is given it. */
export interface ResourceFileType {
  /** The extensions a file of this type may carry (the first is the one given to a file without one). */
  extensions: readonly string[];
  mime: string;
  /** Shown in the browser (a PDF, a picture, a video) rather than saved. */
  inline: boolean;
  /** Whether the first bytes are this type's. */
  matches(head: Uint8Array): boolean;
}

/**
 * The allow-list: documents and videos a training library holds. The bytes decide, the extension only
 * picks among types whose bytes look alike (a .docx and a .xlsx are both ZIP files). Nothing that a
 * browser would run (HTML, SVG, scripts) is on it.
 */
export const RESOURCE_FILE_TYPES: readonly ResourceFileType[] = [
  { extensions: ['pdf'], mime: 'application/pdf', inline: true, matches: SIGNATURES.pdf },
  {
    extensions: ['docx'],
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    inline: false,
    matches: SIGNATURES.zip,
  },
  {
    extensions: ['xlsx'],
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    inline: false,
    matches: SIGNATURES.zip,
  },
  {
    extensions: ['pptx'],
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    inline: false,
    matches: SIGNATURES.zip,
  },
  { extensions: ['doc'], mime: 'application/msword', inline: false, matches: SIGNATURES.ole },
  { extensions: ['xls'], mime: 'application/vnd.ms-excel', inline: false, matches: SIGNATURES.ole },
  { extensions: ['ppt'], mime: 'application/vnd.ms-powerpoint', inline: false, matches: SIGNATURES.ole },
  {
    extensions: ['png'],
    mime: 'image/png',
    inline: true,
    matches: SIGNATURES.png,
  },
  { extensions: ['jpg', 'jpeg'], mime: 'image/jpeg', inline: true, matches: SIGNATURES.jpeg },
  { extensions: ['mov'], mime: 'video/quicktime', inline: true, matches: SIGNATURES.quicktime },
  { extensions: ['mp4', 'm4v'], mime: 'video/mp4', inline: true, matches: SIGNATURES.mp4 },
  { extensions: ['webm'], mime: 'video/webm', inline: true, matches: SIGNATURES.webm },
];

/** The extensions a file picker offers (`accept`). */
export const RESOURCE_ACCEPT = RESOURCE_FILE_TYPES.flatMap((t) => t.extensions.map((e) => `.${e}`)).join(',');

/**
 * The type of an uploaded file from its first bytes and its name, or null when it is not on the list:
 * a script renamed .pdf, a ZIP named .docx that is not, and a .exe are all refused.
 */
export function resourceFileTypeOf(bytes: Uint8Array, fileName: string): ResourceFileType | null {
  const ext = extensionOf(fileName);
  const head = bytes.subarray(0, 16);
  const type = RESOURCE_FILE_TYPES.find((t) => t.extensions.includes(ext) && t.matches(head)) ?? null;
  return type && isOfficePackageOf(ext, bytes) ? type : null;
}

/**
 * The name a download carries: the uploaded file's without control or format characters (a
 * right-to-left override would disguise the extension), ending in the type's extension.
 */
export function resourceFileName(name: string, type: ResourceFileType, fallback: string): string {
  const base = cleanFileName(name) || fallback;
  return type.extensions.includes(extensionOf(base)) ? base : `${base}.${type.extensions[0]}`;
}

/** Whether the person oversees acknowledgements anywhere (the report's route; each resource checks its firm). */
export const canOpenAcknowledgements = (a: Actor) => isSuperAdmin(a) || isCco(a) || isFirmAdmin(a);

/** A category named in a path ('/resources/faqs'), or undefined for anything else. */
export const resourceCategoryOf = (value: string | undefined): ResourceCategory | undefined =>
  RESOURCE_CATEGORIES.find((c) => c === value);
