/**
 * The audit trail's vocabulary: every entity and action an event may name. A server write takes only
 * these names, so one kind of record is filed under one name whoever records it (its module, the
 * retention purge, a job). The spellings are those the trail already holds most of, so the events
 * written before the vocabulary mostly read as they always did; the few written under another spelling
 * are listed in `LEGACY_AUDIT_ENTITIES`. A new entity is named in lower-case words with spaces, as a
 * person says it ('calendar event'); the underscores of some older names stay, since their sealed events
 * carry them.
 */
export const AUDIT_ENTITIES = [
  // People, their sign-in and their account
  'user',
  'session',
  'mfa_factor',
  // Firms and the portal's own settings
  'firm',
  'firm page',
  'firm_link',
  'portal settings',
  'sso_service_provider',
  'staff_directory_entry',
  // Compliance
  'supervised person',
  'attestation',
  'personal security',
  'outside business activity',
  'political contribution',
  'attestation reminder',
  'training_resource',
  'disclosure_document',
  'disclosure_delivery',
  // Clients
  'client_document',
  'client_agreement',
  'investor_profile',
  // Investments
  'investment model',
  'fee schedule',
  'firm model',
  'firm fee schedule',
  'investment strategy',
  'cash request',
  // Support and the calendar
  'support case',
  'support case reply',
  'calendar event',
  'calendar feed',
  // The trail itself: an export of it, and the sealing of the events recorded before the chain
  'audit_event',
  'audit_chain',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export const AUDIT_ACTIONS = [
  // A record's life
  'create',
  'update',
  'delete',
  'status',
  'review',
  'reset',
  'purge',
  'seed',
  'seal',
  // Files, exports and what a reader opens
  'upload',
  'download',
  'export',
  'reveal',
  'open',
  'deliver',
  'acknowledge',
  'acknowledge_again',
  // Mails
  'send',
  'notify',
  // Sign-in and sessions
  'login',
  'login_failed',
  'login_mfa_required',
  'logout',
  'sso',
  'session_ended',
  'session_idle_timeout',
  'sessions_ended',
  'other_sessions_ended',
  // Passwords, links and the address
  'account_activated',
  'activation_link_sent',
  'invitation_cancelled',
  'password_changed',
  'password_reset',
  'password_reset_requested',
  'password_reset_link_sent',
  'password_ended_reset_link_sent',
  'email_change_requested',
  'email_change_resent',
  'email_change_cancelled',
  'email_changed',
  // Second factors
  'mfa_totp_setup_started',
  'mfa_passkey_registration_started',
  'mfa_factor_added',
  'mfa_factor_removed',
  'mfa_recovery_codes_regenerated',
  'mfa_reset',
  // Keys
  'rotate_pii_key',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * Spellings the trail holds for an entity under another name: the retention purge filed its events
 * under these before the vocabulary. The trail is sealed and append-only, so those events keep them;
 * the trail's filter finds them under the entity's name (`auditEntitySpellings`).
 */
export const LEGACY_AUDIT_ENTITIES: Readonly<Record<string, AuditEntity>> = {
  supervised_person: 'supervised person',
  investment_model: 'investment model',
  fee_schedule: 'fee schedule',
  calendar_event: 'calendar event',
};

const isAuditEntity = (name: string): name is AuditEntity => (AUDIT_ENTITIES as readonly string[]).includes(name);

/**
 * Every spelling the trail may hold for the entity a filter names: its name and its former spellings,
 * whichever of them the filter was given. A name outside the vocabulary is looked up as it is.
 */
export function auditEntitySpellings(name: string): string[] {
  const entity = Object.hasOwn(LEGACY_AUDIT_ENTITIES, name) ? LEGACY_AUDIT_ENTITIES[name] : name;
  if (!isAuditEntity(entity)) return [name];
  return [entity, ...Object.keys(LEGACY_AUDIT_ENTITIES).filter((old) => LEGACY_AUDIT_ENTITIES[old] === entity)];
}
