import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon } from '../../../components/icons';
import './account-settings.scss';

interface SettingSwitchProps {
  label: string;
  description: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}

/** One on/off setting: a labelled checkbox that screen readers announce as a switch, with its explanation. */
export function SettingSwitch({ label, description, checked, onChange, disabled }: SettingSwitchProps) {
  const id = useId();
  return (
    <div className="form-check form-switch setting-switch">
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="form-check-input"
        checked={checked}
        disabled={disabled}
        aria-describedby={`${id}-text`}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label className="form-check-label setting-switch__label" htmlFor={id}>
        {label}
      </label>
      <p id={`${id}-text`} className="setting-switch__text">
        {description}
      </p>
    </div>
  );
}

export type SaveState = 'idle' | 'pending' | 'success' | 'error';

/**
 * Where an instant save reports how it went. The live region is always there, so screen
 * readers hear each change of its text.
 */
export function SaveStatus({ state }: { state: SaveState }) {
  const { t } = useTranslation();
  return (
    <p className={`save-status save-status--${state}`} role="status" aria-live="polite">
      {state === 'pending' && t('accountSettings.save.saving')}
      {state === 'success' && (
        <>
          <CheckIcon size={16} /> {t('accountSettings.save.saved')}
        </>
      )}
      {state === 'error' && t('accountSettings.save.failed')}
    </p>
  );
}
