import { useSyncExternalStore } from 'react';

/** Whether the signup modal is open, and for whose invitation (/members/{id}/signup). */
export interface SignupModalState {
  open: boolean;
  recipientId?: number;
}

let state: SignupModalState = { open: false };
const listeners = new Set<() => void>();

function set(next: SignupModalState): void {
  state = next;
  for (const listener of listeners) listener();
}

/** Opens the signup modal (desktop); phones go to the /signup page instead. */
export function openSignupModal(recipientId?: number): void {
  set({ open: true, recipientId });
}

export function closeSignupModal(): void {
  set({ open: false });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSignupModal(): SignupModalState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}
