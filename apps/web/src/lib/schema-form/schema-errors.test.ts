import { firmBody, messages, userWriteBody } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { blankToNull, isNumberAt, schemaDeclares, schemaErrors } from './schema-errors';

// The shape of the attestation to come: nested fields and child rows, as on the wire.
const attestation = z.object({
  Name__c: z.string().trim().min(1, 'Enter the name.'),
  owner: z.object({
    _firm: z.number({ error: messages.users.firmRequired }).int(),
    city: z.string().max(5).nullable(),
  }),
  Personal_Securities__r: z.array(
    z.object({ Security_Name__c: z.string().trim().min(1, 'Name the security.'), Shares__c: z.number().nullable() }),
  ),
});

describe('schema errors, keyed by the paths the server uses', () => {
  it('names a nested field by its dot path, like the server does (profile.city)', () => {
    const errors = schemaErrors(userWriteBody, {
      email: 'jane@example.test',
      last_name: 'Doe',
      profile: { city: 'x'.repeat(300) },
    });
    expect(errors).toEqual({ 'profile.city': 'Ensure this field has no more than 255 characters.' });
  });

  it('names a child row field by its index (children.1.name)', () => {
    const errors = schemaErrors(attestation, {
      Name__c: 'Q1',
      owner: { _firm: 1, city: null },
      Personal_Securities__r: [
        { Security_Name__c: 'ACME', Shares__c: 10 },
        { Security_Name__c: '  ', Shares__c: null },
      ],
    });
    expect(errors).toEqual({ 'Personal_Securities__r.1.Security_Name__c': 'Name the security.' });
  });

  it("gives a required text left empty (null) its own message, not zod's generic one", () => {
    expect(schemaErrors(userWriteBody, { email: 'jane@example.test', last_name: null })).toEqual({
      last_name: messages.users.lastNameRequired,
    });
    expect(schemaErrors(firmBody, { name: null })).toEqual({ name: messages.firms.nameRequired });
    expect(
      schemaErrors(attestation, { Name__c: null, owner: { _firm: null, city: null }, Personal_Securities__r: [] }),
    ).toEqual({ Name__c: 'Enter the name.', 'owner._firm': messages.users.firmRequired });
  });

  it('finds nothing to say about valid values', () => {
    expect(schemaErrors(firmBody, { name: 'Northwind', city: null })).toEqual({});
  });
});

describe('what the schema stores at a path', () => {
  it('knows an id chosen in a Select is a number, and a state is text', () => {
    expect(isNumberAt(userWriteBody, 'profile._firm')).toBe(true);
    expect(isNumberAt(userWriteBody, 'advisor')).toBe(true);
    expect(isNumberAt(userWriteBody, 'profile.state')).toBe(false);
    expect(isNumberAt(userWriteBody, 'salutation')).toBe(false);
    expect(isNumberAt(attestation, 'Personal_Securities__r.3.Shares__c')).toBe(true);
  });

  it('tells a declared path from a misspelt one, even in a loose object', () => {
    expect(schemaDeclares(userWriteBody, 'profile.city')).toBe(true);
    expect(schemaDeclares(userWriteBody, 'profile.cty')).toBe(false);
    expect(schemaDeclares(attestation, 'Personal_Securities__r.0.Security_Name__c')).toBe(true);
  });
});

describe('the body sent to the server', () => {
  it('carries every empty text as null, at any depth, and leaves other values alone', () => {
    const file = new File(['x'], 'logo.png', { type: 'image/png' });
    expect(
      blankToNull({ a: '', b: 'text', c: 0, d: false, e: { f: '' }, g: [{ h: '' }, { h: 'x' }], logo: file }),
    ).toEqual({ a: null, b: 'text', c: 0, d: false, e: { f: null }, g: [{ h: null }, { h: 'x' }], logo: file });
  });
});
