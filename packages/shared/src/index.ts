export * from './constants.js';
export * from './routes.js';
export * from './rules.js';
export * from './schemas/common.js';
export * from './schemas/settings.js';
export * from './schemas/reference.js';
export * from './schemas/user.js';
export * from './schemas/misc.js';
