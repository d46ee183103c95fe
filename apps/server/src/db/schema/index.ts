export * from './auth.js';
export * from './compliance.js';
export * from './disclosures.js';
export * from './firms.js';
export * from './investments.js';
export * from './platform.js';
export * from './reference.js';
export * from './users.js';
