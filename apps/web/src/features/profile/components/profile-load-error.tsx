import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { UserIcon } from '../../../components/icons';
import { useErrorText } from '../../../lib/error-text';

/** The profile could not be loaded: say why and offer to try again. */
export function ProfileLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (
    <div role="alert">
      <EmptyState
        icon={<UserIcon size={28} />}
        title={t('profile.loadFailed')}
        text={errorText(error)}
        action={
          <button type="button" className="btn btn-primary" onClick={onRetry}>
            {t('profile.retry')}
          </button>
        }
      />
    </div>
  );
}
