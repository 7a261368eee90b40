import { lazy, Suspense } from 'react';
import { useUser } from '../../data/user';

// Visitors never load the live channel's code.
const LiveChannel = lazy(() => import('./live-channel').then((module) => ({ default: module.LiveChannel })));

/**
 * One live channel per tab, for logged-in members only: mounted at the root, so moving between
 * the default and chat layouts keeps the socket open. Another member's login opens a new one,
 * and logging out closes it.
 */
export function LiveSlot() {
  const user = useUser();
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <LiveChannel key={user.profile.id} />
    </Suspense>
  );
}
