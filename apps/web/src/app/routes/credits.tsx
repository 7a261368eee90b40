import { useTranslation } from 'react-i18next';
import { GemIcon } from '../../components/icons';
import { useUser } from '../../features/account/api/get-user';
import { CreditCosts } from '../components/credit-costs';
import { Page } from '../components/page';

/** Buy credits: the balance and what credits buy; the packages come with the payments feature. */
export function Component() {
  const { t } = useTranslation();
  const user = useUser();
  return (
    <Page title={t('pages.credits.title')} intro={t('pages.credits.intro')} icon={<GemIcon size={28} />}>
      {user && (
        <p className="balance-pill">
          <GemIcon size={18} /> {t('pages.credits.balance', { count: user.credits })}
        </p>
      )}
      <h2 className="section-title">{t('pages.credits.costsTitle')}</h2>
      <CreditCosts />
    </Page>
  );
}
