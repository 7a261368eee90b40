import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { HeroAction } from './hero';

/** The closing call to action of the home page. */
export function CtaBand({ primary }: { primary: HeroAction }) {
  const { t } = useTranslation();
  return (
    <section className="cta-band" aria-labelledby="cta-band-title">
      <div className="container cta-band__inner">
        <div>
          <h2 id="cta-band-title" className="cta-band__title">
            {t('ctaBand.title')}
          </h2>
          <p className="cta-band__text">{t('ctaBand.text')}</p>
        </div>
        <Link className="btn btn-honey btn-lg" to={primary.to}>
          {primary.label}
        </Link>
      </div>
    </section>
  );
}
