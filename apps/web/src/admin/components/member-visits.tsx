import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AdminMemberVisitsResponse } from '../api/contract';
import { useMemberVisits } from '../api/get-member-visits';
import { formatDateTime, formatNumber } from './format';
import { EmptyState, QueryStates } from './states';

type VisitList = AdminMemberVisitsResponse['visitors'];

/** The member's profile visitors and the profiles they visited (decision 0076), read-only. */
export function MemberVisits({ memberId }: { memberId: number }) {
  const visits = useMemberVisits(memberId);
  return (
    <QueryStates query={visits}>
      {(data) => (
        <div className="admin-detail-grid">
          <VisitsPanel direction="visitors" list={data.visitors} />
          <VisitsPanel direction="visited" list={data.visited} />
        </div>
      )}
    </QueryStates>
  );
}

/** One way of the visits: the total, then the latest with the other member, the last time and how often. */
function VisitsPanel({ direction, list }: { direction: 'visitors' | 'visited'; list: VisitList }) {
  const { t } = useTranslation('admin');
  const headingId = useId();
  const title = t(`member.visits.${direction}.title`);
  return (
    <section className="admin-card admin-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="admin-panel__title">
        {title}
      </h2>
      <p className="mb-2">
        {t(`member.visits.${direction}.total`, { count: list.total, n: formatNumber(list.total) })}
      </p>
      {list.latest.length === 0 ? (
        <EmptyState>{t(`member.visits.${direction}.none`)}</EmptyState>
      ) : (
        <div className="admin-table-wrap">
          <table className="table table-sm admin-table">
            <caption className="visually-hidden">{t('member.visits.latest', { title, n: list.latest.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('member.visits.member')}</th>
                <th scope="col">{t('member.visits.lastAt')}</th>
                <th scope="col" className="text-end">
                  {t('member.visits.count')}
                </th>
              </tr>
            </thead>
            <tbody>
              {list.latest.map((visit) => (
                <tr key={visit.member_id}>
                  <td>
                    <Link to={`/admin/members/${visit.member_id}`}>
                      {visit.name ?? t('members.noName')} <span className="admin-muted">#{visit.member_id}</span>
                    </Link>
                  </td>
                  <td className="text-nowrap">{formatDateTime(visit.last_at)}</td>
                  <td className="text-end">{formatNumber(visit.count)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
