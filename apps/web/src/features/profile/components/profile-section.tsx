import { useId, type ReactNode } from 'react';

interface ProfileSectionProps {
  title: string;
  intro?: string;
  icon: ReactNode;
  children: ReactNode;
}

/** One card of the profile editor, named by its heading. */
export function ProfileSection({ title, intro, icon, children }: ProfileSectionProps) {
  const id = useId();
  return (
    <section className="profile-section" aria-labelledby={id}>
      <header className="profile-section__header">
        <span className="profile-section__icon" aria-hidden="true">
          {icon}
        </span>
        <div>
          <h2 id={id} className="profile-section__title">
            {title}
          </h2>
          {intro && <p className="profile-section__intro">{intro}</p>}
        </div>
      </header>
      {children}
    </section>
  );
}

/** The editor's shape while the profile loads, so the page does not jump when it arrives. */
export function ProfileSkeleton({ label }: { label: string }) {
  return (
    <div className="profile-skeleton" role="status" aria-label={label}>
      {[0, 1, 2].map((section) => (
        <div key={section} className="profile-section" aria-hidden="true">
          <span className="profile-skeleton__line profile-skeleton__line--title" />
          <div className="profile-skeleton__tiles">
            <span />
            <span />
            <span />
          </div>
          <span className="profile-skeleton__line" />
          <span className="profile-skeleton__line profile-skeleton__line--short" />
        </div>
      ))}
    </div>
  );
}
