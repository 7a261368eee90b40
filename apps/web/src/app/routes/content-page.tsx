import {
  contentPageValues,
  fillContentPage,
  termsVersionDate,
  type ContentPage,
  type ContentPageText,
} from '@app/shared';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DocumentIcon, MailIcon } from '../../components/icons';
import { readBanNotice } from '../../features/account/ban-notice';
import { usePageText } from '../../data/page-text';
import { useCompanyInfo } from '../../data/company-info';
import { useSettings } from '../../data/settings';
import { currentLocale, formatDate } from '../../lib/i18n';
import { Page } from '../components/page';
import './content-page.scss';

/** Pages with this many sections get a table of contents. */
const CONTENTS_FROM = 4;

/**
 * The content pages (/pages/terms, privacy, cookies, ban, faq, return-policy, service), from the
 * `pages` catalogue or the site's own text of the page (console, Pages) with the site's and
 * company's details filled in. The server renders the same
 * texts into the page's HTML (modules/pages/pages.prerender.ts), so they are indexable.
 */
export function Component() {
  const { t } = useTranslation('pages');
  const settings = useSettings();
  const company = useCompanyInfo();
  // The route table lets only the known page names through.
  const name = useParams().name as ContentPage;
  const values = contentPageValues({ ...settings, domain: settings.domain }, company);
  // The site's own text when the operator wrote one (loaded by the route before this renders).
  const own = usePageText(name, currentLocale());
  const page = own ? fillContentPage(own, values) : (t(name, { returnObjects: true, ...values }) as ContentPageText);
  const sectionId = (index: number) => `${name}-${index + 1}`;
  const banNotice = name === 'ban' ? readBanNotice() : null;

  return (
    <Page title={page.title} intro={page.intro} icon={<DocumentIcon size={28} />}>
      {name === 'terms' && company && (
        <p className="page-meta">{t('version', { date: formatDate(termsVersionDate(company.added)) })}</p>
      )}
      {banNotice && (
        <div className="alert alert-danger" role="alert">
          {banNotice}
        </div>
      )}
      <div className="content-page">
        {page.sections.length >= CONTENTS_FROM && (
          <nav className="content-page__contents" aria-labelledby="contents-title">
            <h2 id="contents-title" className="h6">
              {t('contents')}
            </h2>
            <ol>
              {page.sections.map((section, index) => (
                <li key={section.heading}>
                  <a href={`#${sectionId(index)}`}>{section.heading}</a>
                </li>
              ))}
            </ol>
          </nav>
        )}
        <div className="content-page__body">
          {page.sections.map((section, index) => (
            <section key={section.heading} aria-labelledby={sectionId(index)}>
              <h2 id={sectionId(index)} className="h4">
                {section.heading}
              </h2>
              {section.paragraphs?.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
              {section.items?.map((item) => (
                <details key={item.q} className="content-page__question">
                  <summary>{item.q}</summary>
                  <p>{item.a}</p>
                </details>
              ))}
            </section>
          ))}
          <div className="card-panel contact-card">
            <MailIcon size={24} />
            <div>
              <h2 className="h5">{t('questionsTitle')}</h2>
              <p>
                {t('questionsText')} <a href={`mailto:${settings.support_email}`}>{settings.support_email}</a>
              </p>
              {company && (
                <address className="mb-0">
                  {company.name}
                  <br />
                  {company.address}, {company.city}, {company.country}
                </address>
              )}
            </div>
          </div>
        </div>
      </div>
    </Page>
  );
}
