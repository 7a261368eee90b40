export type { PushDelivery, PushOutcome, PushSender, PushTarget, VapidKeys } from './types.js';
export { createWebPushSender, isGoneStatus } from './web-push.js';
export { resolveVapidKeys, vapidSubject, VAPID_SECRET_NAME } from './vapid.js';
