import { WELCOME_DISCOUNT_PERCENT } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GemIcon } from '../../components/icons';
import { useUser } from '../../data/user';
import { BundleShop } from '../../features/payments/components/bundle-grid';
import { checkoutPath } from '../../features/payments/rules';
import { useSettings } from '../../data/settings';
import { useWelcomeDiscount } from '../../features/time-bonus/api/get-welcome-discount';
import { CreditCosts } from '../components/credit-costs';
import { Page } from '../components/page';

/**
 * /pricing, for visitors too: the bundles in the viewer's currency, what a message, a photo and a
 * gift cost, the welcome discount and the refund period. Visitors are offered the signup, not a
 * checkout. The welcome discount is promised to visitors (a signup starts it) and to members
 * only while theirs runs.
 */
export function Component() {
  const { t } = useTranslation();
  const settings = useSettings();
  const user = useUser();
  const welcome = useWelcomeDiscount();
  const welcomePercent = user ? welcome?.value_percentage : WELCOME_DISCOUNT_PERCENT;
  return (
    <Page title={t('pages.pricing.title')} intro={t('pages.pricing.intro')} icon={<GemIcon size={28} />}>
      <h2 className="section-title">{t('payments.bundles.label')}</h2>
      <BundleShop
        discount={null}
        action={(bundle) =>
          user
            ? { to: checkoutPath(bundle.id), label: t('payments.bundles.choose') }
            : { to: '/signup', label: t('nav.signup') }
        }
      />
      <h2 className="section-title mt-4">{t('pages.credits.costsTitle')}</h2>
      <CreditCosts />
      <div className="card-panel mt-4">
        {welcomePercent !== undefined && <p>{t('pages.pricing.welcome', { percent: welcomePercent })}</p>}
        <p>{t('pages.pricing.refund', { days: settings.refund_days })}</p>
        {user ? (
          <Link className="btn btn-primary" to="/credits">
            {t('actions.buyCredits')}
          </Link>
        ) : (
          <Link className="btn btn-primary" to="/signup">
            {t('nav.signup')}
          </Link>
        )}
      </div>
    </Page>
  );
}
