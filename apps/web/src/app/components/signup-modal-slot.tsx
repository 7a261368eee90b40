import { lazy, Suspense, useEffect } from 'react';
import { openSignupModal, useSignupModal } from '../../features/account/signup-modal-store';
import { loadTexts } from '../../lib/i18n';

// The modal, its form, its texts and react-bootstrap's Modal load only when someone opens it.
const SignupModal = lazy(() =>
  Promise.all([import('../../features/account/components/signup-modal'), loadTexts('signup')]).then(([module]) => ({
    default: module.SignupModal,
  })),
);

/** From the md breakpoint on, signup opens as a modal; below it, the /signup page. */
const MODAL_QUERY = '(min-width: 768px)';

/** /signup and /members/{id}/signup, with the member id. */
const SIGNUP_PATH = /^\/(?:members\/(\d+)\/)?signup\/?$/;

/**
 * Which signup a click asks for: a plain left click on a same-site link to a signup page.
 * Answers the recipient's id (0 for none), or null when the click is not a signup.
 */
export function signupClickTarget(event: MouseEvent): number | null {
  if (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey
  ) {
    return null;
  }
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement) || (anchor.target && anchor.target !== '_self')) return null;
  if (anchor.origin !== window.location.origin) return null;
  const match = SIGNUP_PATH.exec(anchor.pathname);
  return match ? Number(match[1] ?? 0) : null;
}

/**
 * The layouts' signup-modal slot. On desktop every signup call to action (any link to a
 * signup page) opens the modal instead of navigating; phones follow the link to the page.
 */
export function SignupModalSlot() {
  const { open, recipientId } = useSignupModal();

  useEffect(() => {
    function handleClick(event: MouseEvent) {
      const target = signupClickTarget(event);
      if (target === null || !window.matchMedia?.(MODAL_QUERY).matches) return;
      event.preventDefault();
      openSignupModal(target || undefined);
    }
    // Capture phase: runs before the router's link handler, which then sees defaultPrevented.
    document.addEventListener('click', handleClick, true);
    return () => document.removeEventListener('click', handleClick, true);
  }, []);

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <SignupModal recipientId={recipientId} />
    </Suspense>
  );
}
