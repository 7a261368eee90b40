import { lazy, Suspense } from 'react';
import { loadMemberTexts } from '../../../lib/i18n';
import { useUser } from '../../../data/user';

// Visitors never load the likes code; members get it with the members-area texts it speaks.
const LikesActivity = lazy(() =>
  Promise.all([import('./likes-activity'), loadMemberTexts()]).then(([module]) => ({ default: module.LikesActivity })),
);

/** The likes polling, auto-like toast and like modal, for logged-in members only. */
export function LikesActivitySlot() {
  const user = useUser();
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <LikesActivity />
    </Suspense>
  );
}
