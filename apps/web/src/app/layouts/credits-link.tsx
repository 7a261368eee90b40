import { ROUTES, type User } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { CrownIcon, GemIcon } from '../../components/icons';
import { creditsBadge, creditsRouteName } from '../rules';

function pathOf(name: string): string {
  return ROUTES.find((route) => route.name === name)!.path;
}

interface CreditsLinkProps {
  user: User;
  className: string;
}

/** Paid members top up their credits (with a badge when they run low); others go premium. */
export function CreditsLink({ user, className }: CreditsLinkProps) {
  const { t } = useTranslation();
  const to = pathOf(creditsRouteName(user.paid_user));
  if (!user.paid_user) {
    return (
      <NavLink to={to} className={`${className} nav-premium`}>
        <CrownIcon size={20} />
        <span className="nav-label">{t('nav.premium')}</span>
      </NavLink>
    );
  }
  const badge = creditsBadge(user.credits);
  return (
    <NavLink to={to} className={className}>
      <GemIcon size={20} />
      <span className="nav-label">{t('nav.credits')}</span>
      {badge && (
        <span className={`badge text-bg-${badge.variant} credits-badge`}>
          <span aria-hidden="true">{badge.text}</span>
          <span className="visually-hidden">{t('nav.creditsLeft', { count: user.credits })}</span>
        </span>
      )}
    </NavLink>
  );
}
