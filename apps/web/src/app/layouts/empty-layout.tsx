import { Outlet } from 'react-router';
import { SignupModalSlot } from '../components/signup-modal-slot';

/** The empty layout: only the page (the signup modal mounts here too). */
export function EmptyLayout() {
  return (
    <>
      <main id="main" className="layout layout--empty" tabIndex={-1}>
        <Outlet />
      </main>
      <SignupModalSlot />
    </>
  );
}
