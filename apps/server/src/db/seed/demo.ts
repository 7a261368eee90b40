/** The demo site seed; the implementation lives in ./demo/. */
export * from './demo/index.js';
