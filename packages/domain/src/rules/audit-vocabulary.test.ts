import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, auditEntitySpellings, LEGACY_AUDIT_ENTITIES } from './audit-vocabulary.js';

describe('the audit vocabulary', () => {
  it('names each entity and action once', () => {
    expect(new Set(AUDIT_ENTITIES).size).toBe(AUDIT_ENTITIES.length);
    expect(new Set(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length);
  });

  it('maps each former spelling to an entity of the vocabulary, and none is a name of it', () => {
    for (const [old, entity] of Object.entries(LEGACY_AUDIT_ENTITIES)) {
      expect(AUDIT_ENTITIES).toContain(entity);
      expect(AUDIT_ENTITIES).not.toContain(old);
    }
  });

  it('a filter by an entity finds its events under its former spellings too, by either name', () => {
    expect(auditEntitySpellings('supervised person')).toEqual(['supervised person', 'supervised_person']);
    expect(auditEntitySpellings('supervised_person')).toEqual(['supervised person', 'supervised_person']);
    expect(auditEntitySpellings('calendar event')).toEqual(['calendar event', 'calendar_event']);
    expect(auditEntitySpellings('investment model')).toEqual(['investment model', 'investment_model']);
    expect(auditEntitySpellings('fee schedule')).toEqual(['fee schedule', 'fee_schedule']);
  });

  it('an entity spelled one way only, or a name outside the vocabulary, is looked up as it is', () => {
    expect(auditEntitySpellings('attestation')).toEqual(['attestation']);
    expect(auditEntitySpellings('client_document')).toEqual(['client_document']);
    expect(auditEntitySpellings('paging')).toEqual(['paging']);
    expect(auditEntitySpellings('constructor')).toEqual(['constructor']);
    expect(auditEntitySpellings('toString')).toEqual(['toString']);
  });
});
