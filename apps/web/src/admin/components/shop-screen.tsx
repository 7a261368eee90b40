import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Route, Routes } from 'react-router';
import { BundlesSection } from './shop-bundles';
import { CompanySection } from './shop-company';
import { DiscountCodesSection } from './shop-discount-codes';
import { GiftsSection } from './shop-gifts';
import { EmptyState, ScreenHeader } from './states';

const SECTIONS = [
  { key: 'bundles', path: 'bundles' },
  { key: 'gifts', path: 'gifts' },
  { key: 'discountCodes', path: 'discount-codes' },
  { key: 'company', path: 'company' },
] as const;

/** The shop's settings (admins): credit bundles, gifts, discount codes and company info, each at its own address. */
export function ShopScreen() {
  const { t } = useTranslation('admin');
  return (
    <>
      <ScreenHeader title={t('nav.shop')} />
      <nav aria-label={t('shop.sections')}>
        <ul className="admin-tabs">
          {SECTIONS.map((section) => (
            <li key={section.key}>
              <NavLink to={`/admin/shop/${section.path}`} className="admin-tabs__link">
                {t(`shop.${section.key}.title`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Routes>
        <Route index element={<Navigate to="bundles" replace />} />
        <Route path="bundles" element={<BundlesSection />} />
        <Route path="gifts" element={<GiftsSection />} />
        <Route path="discount-codes" element={<DiscountCodesSection />} />
        <Route path="company" element={<CompanySection />} />
        <Route path="*" element={<EmptyState>{t('states.notFound')}</EmptyState>} />
      </Routes>
    </>
  );
}
