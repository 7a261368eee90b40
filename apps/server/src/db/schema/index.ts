export * from './settings.js';
export * from './reference.js';
export * from './members.js';
export * from './sessions.js';
export * from './accounts.js';
export * from './payments.js';
export * from './discovery.js';
export * from './chat.js';
