import { describe, expect, it } from 'vitest';
import { testActor } from '../testing/actors.js';
import { ProfileType } from './permissions.js';
import {
  canAcknowledgeResource,
  canManageResources,
  canReadResources,
  canViewAcknowledgements,
  resourceFileName,
  resourceFileTypeOf,
} from './resources.js';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('the types a training resource may be', () => {
  it('takes a file whose bytes and name agree', () => {
    expect(resourceFileTypeOf(bytes('%PDF-1.7'), 'Code of Ethics.PDF')?.mime).toBe('application/pdf');
    const workbook = bytes([0x50, 0x4b, 3, 4], '[Content_Types].xml', 'xl/workbook.xml');
    expect(resourceFileTypeOf(workbook, 'manual.xlsx')?.extensions).toEqual(['xlsx']);
    expect(resourceFileTypeOf(bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), 'old.doc')?.mime).toBe(
      'application/msword',
    );
    expect(resourceFileTypeOf(bytes([0, 0, 0, 0x20], 'ftypisom'), 'intro.mp4')?.mime).toBe('video/mp4');
    expect(resourceFileTypeOf(bytes([0, 0, 0, 0x14], 'ftypqt  '), 'intro.mov')?.mime).toBe('video/quicktime');
    expect(resourceFileTypeOf(bytes([0x1a, 0x45, 0xdf, 0xa3]), 'intro.webm')?.inline).toBe(true);
  });

  it('refuses what a browser would run, a renamed file, and anything off the list', () => {
    expect(resourceFileTypeOf(bytes('<html><script>'), 'page.pdf')).toBeNull();
    expect(resourceFileTypeOf(bytes('MZ'), 'setup.pdf')).toBeNull();
    expect(resourceFileTypeOf(bytes('%PDF-1.7'), 'doc.docx')).toBeNull();
    // Any ZIP renamed .docx, or another application's package, is not a Word document.
    expect(resourceFileTypeOf(bytes([0x50, 0x4b, 3, 4], 'payload.bin'), 'doc.docx')).toBeNull();
    expect(resourceFileTypeOf(bytes([0x50, 0x4b, 3, 4], '[Content_Types].xml', 'xl/'), 'doc.docx')).toBeNull();
    expect(resourceFileTypeOf(bytes('<svg'), 'logo.svg')).toBeNull();
    expect(resourceFileTypeOf(bytes('%PDF-1.7'), 'no-extension')).toBeNull();
    expect(resourceFileTypeOf(bytes([0, 0, 0, 0x14], 'ftypqt  '), 'intro.mp4')).toBeNull();
  });

  it("names a download by the upload's name, without control characters, with the type's extension", () => {
    const pdf = resourceFileTypeOf(bytes('%PDF-'), 'x.pdf');
    if (!pdf) throw new Error('pdf');
    expect(resourceFileName('ethics\u202Efdp.pdf', pdf, 'Code')).toBe('ethics fdp.pdf');
    expect(resourceFileName('  ', pdf, 'Code of Ethics')).toBe('Code of Ethics.pdf');
  });
});

describe('who does what with training resources', () => {
  const firm = 1;
  const staff = testActor({ profile_type: ProfileType.StandardUser });
  const admin = testActor({ profile_type: ProfileType.Administrator });
  const superAdmin = testActor({ profile_type: ProfileType.Administrator, is_super_admin: true, _firm: 2 });
  const cco = testActor({ profile_type: ProfileType.StandardUser, is_cco: true });
  const superCco = testActor({ profile_type: ProfileType.StandardUser, is_cco: true, is_super_cco: true, _firm: 2 });
  const client = testActor({ profile_type: ProfileType.Client });

  it('staff read, clients do not', () => {
    expect([staff, admin, cco].map(canReadResources)).toEqual([true, true, true]);
    expect(canReadResources(client)).toBe(false);
  });

  it("the firm's administrators manage, a super admin any firm's", () => {
    expect(canManageResources(admin, firm)).toBe(true);
    expect(canManageResources(admin, 3)).toBe(false);
    expect(canManageResources(superAdmin, firm)).toBe(true);
    expect(canManageResources(cco, firm)).toBe(false);
    expect(canManageResources(staff, firm)).toBe(false);
  });

  it("each staff member acknowledges their own firm's documents only", () => {
    expect(canAcknowledgeResource(staff, firm)).toBe(true);
    expect(canAcknowledgeResource(superAdmin, firm)).toBe(false);
    expect(canAcknowledgeResource(client, firm)).toBe(false);
  });

  it("CCOs and administrators see who has not acknowledged; the super accounts any firm's", () => {
    expect(canViewAcknowledgements(cco, firm)).toBe(true);
    expect(canViewAcknowledgements(admin, firm)).toBe(true);
    expect(canViewAcknowledgements(superCco, firm)).toBe(true);
    expect(canViewAcknowledgements(superAdmin, firm)).toBe(true);
    expect(canViewAcknowledgements(cco, 3)).toBe(false);
    expect(canViewAcknowledgements(staff, firm)).toBe(false);
  });
});
