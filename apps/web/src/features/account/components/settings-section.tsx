import { useId, type ReactNode } from 'react';
import './account-settings.scss';

interface SettingsSectionProps {
  title: string;
  intro?: ReactNode;
  icon: ReactNode;
  /** The danger zone gets its own, calmer red frame. */
  tone?: 'default' | 'danger';
  children: ReactNode;
}

/** One card of the settings page, a region named by its heading. */
export function SettingsSection({ title, intro, icon, tone = 'default', children }: SettingsSectionProps) {
  const id = useId();
  return (
    <section className={`settings-card settings-card--${tone}`} aria-labelledby={id}>
      <div className="settings-card__head">
        <span className="settings-card__icon" aria-hidden="true">
          {icon}
        </span>
        <div>
          <h2 id={id} className="settings-card__title">
            {title}
          </h2>
          {intro && <p className="settings-card__intro">{intro}</p>}
        </div>
      </div>
      {children}
    </section>
  );
}
