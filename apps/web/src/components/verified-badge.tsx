import { useTranslation } from 'react-i18next';
import './verified-badge.scss';

/**
 * The verified badge: a moderator matched the member's selfie with their main photo, which is
 * still one of their photos. Its accessible name and tooltip say so; small and on its own, so
 * the card, profile and chat header each place it beside the name.
 */
export function VerifiedBadge({ size = 16, className = '' }: { size?: number; className?: string }) {
  const { t } = useTranslation();
  const label = t('verified.badge');
  return (
    <span className={`verified-badge ${className}`} role="img" aria-label={label} title={label}>
      <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 1.5l2.6 1.9 3.2-.1 1 3 2.6 1.9-1 3.1 1 3.1-2.6 1.9-1 3-3.2-.1L12 22.5l-2.6-1.9-3.2.1-1-3-2.6-1.9 1-3.1-1-3.1 2.6-1.9 1-3 3.2.1z"
        />
        <path
          d="m7.8 12.2 2.8 2.8 5.6-5.8"
          fill="none"
          stroke="#fff"
          strokeWidth={2.2}
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </span>
  );
}
