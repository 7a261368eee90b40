import { SparklesIcon } from './icons';
import { useSettings } from '../data/settings';

/** Whether settings.fictional_icon is an image address rather than the name of a drawn icon. */
function isImageUrl(icon: string): boolean {
  return /^(https?:)?\/\//.test(icon) || icon.startsWith('/');
}

/**
 * The legally required marker of an operator's profile: settings.fictional_icon, with
 * settings.fictional_warning as its accessible name and tooltip. The site's own icon name draws
 * the sparkles the footer's disclosure points to; an image address is shown as that image.
 */
export function FictionalMarker({ size = 16, className = '' }: { size?: number; className?: string }) {
  const { fictional_icon: icon, fictional_warning: warning } = useSettings();
  return (
    <span className={`fictional-marker ${className}`} role="img" aria-label={warning} title={warning}>
      {isImageUrl(icon) ? <img src={icon} alt="" width={size} height={size} /> : <SparklesIcon size={size} />}
    </span>
  );
}
