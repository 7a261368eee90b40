import { lazy, Suspense } from 'react';
import { useUser } from '../../../data/user';

// Visitors never load the chats code.
const ChatsActivity = lazy(() => import('./chats-activity').then((module) => ({ default: module.ChatsActivity })));

/** The chats polling, for logged-in members only; mount it once, in the layouts with the unread badge. */
export function ChatsActivitySlot() {
  const user = useUser();
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <ChatsActivity />
    </Suspense>
  );
}
