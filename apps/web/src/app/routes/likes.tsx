import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { HeartIcon } from '../../components/icons';
import { Page } from '../components/page';

const TABS = ['received', 'given', 'matches'] as const;

/** Likes received, given and mutual, one tab each (/likes is the received tab). */
export function Component() {
  const { t } = useTranslation();
  const { type = 'received' } = useParams();
  return (
    <Page title={t('pages.likes.title')} intro={t('pages.likes.intro')} icon={<HeartIcon size={28} />}>
      <nav aria-label={t('pages.likes.tabs')}>
        <ul className="nav nav-pills page-tabs">
          {TABS.map((tab) => (
            <li className="nav-item" key={tab}>
              <Link
                to={`/likes/${tab}`}
                className={`nav-link${tab === type ? ' active' : ''}`}
                aria-current={tab === type ? 'page' : undefined}
              >
                {t(`pages.likes.tab.${tab}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <EmptyState
        icon={<HeartIcon size={28} />}
        title={t(`pages.likes.empty.${type}.title`)}
        text={t(`pages.likes.empty.${type}.text`)}
        action={
          <Link className="btn btn-primary" to="/members">
            {t('actions.discover')}
          </Link>
        }
      />
    </Page>
  );
}
