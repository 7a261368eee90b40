import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { AdminMemberSummary } from '../api/contract';
import { useMembers } from '../api/get-members';
import { formatDay, formatNumber } from './format';
import { EmptyState, ErrorState, LoadingState, LoadMoreButton, ScreenHeader, SearchBox } from './states';
import { EmailText } from './email-text';

/** Members: a search (id, e-mail or name) with the results as a table, a page at a time. */
export function MembersScreen() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const members = useMembers(q);

  const rows = members.data?.pages.flatMap((page) => page.members) ?? [];

  return (
    <>
      <ScreenHeader title={t('nav.members')} />
      <SearchBox
        label={t('members.search')}
        hint={t('members.searchHint')}
        initial={q}
        onSearch={(text) => setParams(text ? { q: text } : {})}
      />
      {members.isPending ? (
        <LoadingState />
      ) : members.isLoadingError ? (
        <ErrorState error={members.error} onRetry={() => void members.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState>{q ? t('members.noResults', { q }) : t('members.none')}</EmptyState>
      ) : (
        <>
          <div className="admin-table-wrap">
            <table className="table admin-table">
              <caption className="visually-hidden">{t('members.tableCaption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('members.id')}</th>
                  <th scope="col">{t('members.name')}</th>
                  <th scope="col">{t('members.email')}</th>
                  <th scope="col">{t('members.site')}</th>
                  <th scope="col">{t('members.state')}</th>
                  <th scope="col" className="text-end">
                    {t('members.credits')}
                  </th>
                  <th scope="col">{t('members.signup')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((member) => (
                  <tr key={member.id}>
                    <td>{member.id}</td>
                    <td>
                      <Link to={`/admin/members/${member.id}`}>{member.name ?? t('members.noName')}</Link>
                    </td>
                    <td>
                      <EmailText email={member.email} />
                    </td>
                    <td>
                      {member.domain}
                      {member.country ? ` · ${member.country}` : ''}
                    </td>
                    <td>
                      <MemberBadges member={member} />
                    </td>
                    <td className="text-end">{formatNumber(member.credits)}</td>
                    <td>{formatDay(member.signup_date)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <LoadMoreButton query={members} />
        </>
      )}
    </>
  );
}

/** A member's states as badges: moderation, confirmation, premium, site-run. */
export function MemberBadges({ member }: { member: AdminMemberSummary }) {
  const { t } = useTranslation('admin');
  return (
    <span className="admin-badges">
      {member.moderation !== 'active' && (
        <span className={`badge admin-badge admin-badge--${member.moderation}`}>
          {t(`moderation.${member.moderation}`)}
        </span>
      )}
      {member.status === 'not_confirmed' && <span className="badge admin-badge">{t('members.notConfirmed')}</span>}
      {member.paid_user && <span className="badge admin-badge admin-badge--premium">{t('members.premium')}</span>}
      {member.fictional && <span className="badge admin-badge admin-badge--fictional">{t('members.fictional')}</span>}
    </span>
  );
}
