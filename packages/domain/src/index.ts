import './schemas/zod-messages.js';

export * from './config/links.js';
export * from './messages.js';
export * from './rules/attestations.js';
export * from './rules/fiscal.js';
export * from './rules/menu.js';
export * from './rules/password-policy.js';
export * from './rules/permissions.js';
export * from './rules/scope.js';
export * from './rules/session-token.js';
export * from './rules/us-states.js';
export * from './schemas/attestations.js';
export * from './schemas/auth.js';
export * from './schemas/common.js';
export * from './schemas/field-table.js';
export * from './schemas/firms.js';
export * from './schemas/reference.js';
export * from './schemas/users.js';
