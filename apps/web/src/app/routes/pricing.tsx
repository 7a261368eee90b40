import { WELCOME_DISCOUNT_PERCENT } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GemIcon } from '../../components/icons';
import { useSettings } from '../../features/settings/api/get-settings';
import { CreditCosts } from '../components/credit-costs';
import { Page } from '../components/page';

/** Prices: what credits buy, the welcome discount and the refund period. */
export function Component() {
  const { t } = useTranslation();
  const settings = useSettings();
  return (
    <Page title={t('pages.pricing.title')} intro={t('pages.pricing.intro')} icon={<GemIcon size={28} />}>
      <h2 className="section-title">{t('pages.credits.costsTitle')}</h2>
      <CreditCosts />
      <div className="card-panel mt-4">
        <p>{t('pages.pricing.welcome', { percent: WELCOME_DISCOUNT_PERCENT })}</p>
        <p>{t('pages.pricing.refund', { days: settings.refund_days })}</p>
        <Link className="btn btn-primary" to="/credits">
          {t('actions.buyCredits')}
        </Link>
      </div>
    </Page>
  );
}
