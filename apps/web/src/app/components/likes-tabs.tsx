import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LIKES_TABS } from '../../features/likes/rules';
import type { LikesList } from '../../features/likes/api/contract';

/** On a narrow phone the tabs scroll sideways: the current one is scrolled into the row's view. */
function showInRow(link: HTMLAnchorElement | null): void {
  link?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
}

/**
 * The likes area's tabs: the three likes lists and, beside them, the profile visitors. `current`
 * is the list shown, or 'visitors' on /visitors.
 */
export function LikesTabs({ current }: { current: LikesList | 'visitors' }) {
  const { t } = useTranslation();
  const tabs = [
    ...LIKES_TABS.map((item) => ({ key: item, to: `/likes/${item}`, label: t(`pages.likes.tab.${item}`) })),
    { key: 'visitors', to: '/visitors', label: t('nav.visitors') },
  ];
  return (
    <nav aria-label={t('pages.likes.tabs')}>
      <ul className="nav nav-pills page-tabs">
        {tabs.map((tab) => (
          <li className="nav-item" key={tab.key}>
            <Link
              to={tab.to}
              className={`nav-link${tab.key === current ? ' active' : ''}`}
              aria-current={tab.key === current ? 'page' : undefined}
              ref={tab.key === current ? showInRow : undefined}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
