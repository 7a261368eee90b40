import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useAdjustCredits } from '../api/adjust-credits';
import { staffCan, type AdminMemberDetail } from '../api/contract';
import { useDeleteMember } from '../api/delete-member';
import { useMember } from '../api/get-member';
import { useResendActivation } from '../api/resend-activation';
import { useSetMemberStatus } from '../api/set-member-status';
import { ActionDialog } from './action-dialog';
import { formatDateTime, formatDay, formatMoney, formatNumber } from './format';
import { MemberBadges } from './members-screen';
import { MemberVisits } from './member-visits';
import { useStaff } from './staff-context';
import { EmptyState, ErrorState, LoadingState, Panel, ScreenHeader, useProblemText } from './states';
import { useToast } from './toast';
import { EmailText } from './email-text';

type Dialog = 'credits' | 'ban' | 'shadow_ban' | 'unban' | 'delete' | null;

/** A member: profile, photos, orders, credit ledger, reports against them and complaints, with the actions the role may take. */
export function MemberScreen() {
  const { t } = useTranslation('admin');
  const id = Number(useParams().id);
  const member = useMember(id);

  if (member.isPending) {
    return (
      <>
        <ScreenHeader title={t('member.title')} />
        <LoadingState />
      </>
    );
  }
  if (member.isError) {
    return (
      <>
        <ScreenHeader title={t('member.title')} />
        <ErrorState error={member.error} onRetry={() => void member.refetch()} />
      </>
    );
  }
  return <MemberDetail member={member.data.member} />;
}

function MemberDetail({ member }: { member: AdminMemberDetail }) {
  const { t } = useTranslation('admin');
  const staff = useStaff();
  const toast = useToast();
  const problemText = useProblemText();
  const [dialog, setDialog] = useState<Dialog>(null);
  const credits = useAdjustCredits(member.id);
  const status = useSetMemberStatus();
  const activation = useResendActivation();
  const remove = useDeleteMember(member.id);

  const can = (permission: Parameters<typeof staffCan>[1]) => staffCan(staff.role, permission);
  const deleted = member.moderation === 'deleted';

  const close = () => setDialog(null);

  return (
    <>
      <p className="mb-2">
        <Link to="/admin/members">{t('member.back')}</Link>
      </p>
      <ScreenHeader title={member.name ?? t('members.noName')}>
        {can('members.credits') && !deleted && (
          <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => setDialog('credits')}>
            {t('member.adjustCredits')}
          </button>
        )}
        {can('members.ban') && !deleted && member.moderation === 'active' && (
          <>
            <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => setDialog('ban')}>
              {t('member.ban')}
            </button>
            <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => setDialog('shadow_ban')}>
              {t('member.shadowBan')}
            </button>
          </>
        )}
        {can('members.ban') && (member.moderation === 'banned' || member.moderation === 'shadow_banned') && (
          <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => setDialog('unban')}>
            {t('member.unban')}
          </button>
        )}
        {can('members.activation') && member.status === 'not_confirmed' && !deleted && (
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            disabled={activation.isPending}
            onClick={() =>
              activation.mutate(member.id, {
                onSuccess: () => toast(t('member.activationSent')),
                onError: (error) => toast(problemText(error), 'danger'),
              })
            }
          >
            {t('member.resendActivation')}
          </button>
        )}
        {can('members.delete') && !deleted && (
          <button type="button" className="btn btn-danger btn-sm" onClick={() => setDialog('delete')}>
            {t('member.delete')}
          </button>
        )}
      </ScreenHeader>

      <div className="admin-detail-grid">
        <Panel title={t('member.account')}>
          <dl className="admin-dl">
            <dt>{t('members.id')}</dt>
            <dd>{member.id}</dd>
            <dt>{t('members.email')}</dt>
            <dd>
              <EmailText email={member.email} />
            </dd>
            <dt>{t('members.site')}</dt>
            <dd>
              {member.domain} · {member.language}
              {member.country ? ` · ${member.country}` : ''}
            </dd>
            <dt>{t('members.state')}</dt>
            <dd>
              <MemberBadges member={member} />
              {member.moderation === 'active' && member.status === 'confirmed' && t('moderation.active')}
            </dd>
            {member.ban_reason && (
              <>
                <dt>{t('member.banReason')}</dt>
                <dd>{member.ban_reason}</dd>
              </>
            )}
            {member.shadow_ban_reason && (
              <>
                <dt>{t('member.shadowBanReason')}</dt>
                <dd>{member.shadow_ban_reason}</dd>
              </>
            )}
            <dt>{t('members.credits')}</dt>
            <dd>{formatNumber(member.credits)}</dd>
            <dt>{t('members.signup')}</dt>
            <dd>{formatDay(member.signup_date)}</dd>
            <dt>{t('member.lastActive')}</dt>
            <dd>{formatDateTime(member.last_active_at)}</dd>
            {member.deleted_at && (
              <>
                <dt>{t('member.deletedAt')}</dt>
                <dd>{formatDateTime(member.deleted_at)}</dd>
              </>
            )}
          </dl>
        </Panel>

        <Panel title={t('member.profile')}>
          {member.profile ? (
            <dl className="admin-dl">
              <dt>{t('member.gender')}</dt>
              <dd>
                {t(`siteProfiles.genders.${member.profile.gender}`, { defaultValue: member.profile.gender })}
                {' · '}
                {t(`siteProfiles.sexualities.${member.profile.sexuality}`, { defaultValue: member.profile.sexuality })}
              </dd>
              <dt>{t('member.birthDate')}</dt>
              <dd>{formatDay(member.profile.birth_date)}</dd>
              <dt>{t('member.city')}</dt>
              <dd>{member.profile.city ?? '–'}</dd>
              <dt>{t('member.profileStatus')}</dt>
              <dd>{t(`member.profileStatuses.${member.profile.status}`)}</dd>
              <dt>{t('member.about')}</dt>
              <dd className="admin-pre">{member.profile.about || '–'}</dd>
              {member.profile.about_held && (
                <>
                  <dt>{t('member.aboutHeld')}</dt>
                  <dd className="admin-pre">{member.profile.about_held}</dd>
                </>
              )}
            </dl>
          ) : (
            <EmptyState>{t('member.noProfile')}</EmptyState>
          )}
        </Panel>
      </div>

      <Panel title={t('member.photos')}>
        {member.photos.length === 0 ? (
          <EmptyState>{t('member.noPhotos')}</EmptyState>
        ) : (
          <ul className="admin-photos">
            {member.photos.map((photo) => (
              <li key={photo.id} className="admin-photo">
                <a href={photo.url} target="_blank" rel="noreferrer">
                  <img src={photo.thumb_url} alt={t('member.photoAlt', { id: photo.id })} loading="lazy" />
                </a>
                <span className="admin-photo__meta">
                  {photo.is_main && (
                    <span className="badge admin-badge admin-badge--premium">{t('member.mainPhoto')}</span>
                  )}
                  <span className="badge admin-badge">{t(`member.review.${photo.review}`)}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </Panel>

      <Panel title={t('member.orders')}>
        <Table
          empty={t('member.noOrders')}
          caption={t('member.orders')}
          head={[t('member.date'), t('member.status'), t('members.credits'), t('member.amount'), t('member.method')]}
          rows={member.orders.map((order) => ({
            key: order.id,
            cells: [
              can('orders') ? (
                <Link key="order" to={`/admin/orders/${order.id}`}>
                  {formatDateTime(order.created_at)}
                  <span className="visually-hidden"> – {t('orders.title', { id: order.id })}</span>
                </Link>
              ) : (
                formatDateTime(order.created_at)
              ),
              order.status,
              formatNumber(order.credits),
              formatMoney(order.amount, order.currency),
              `${order.method} · ${order.provider}`,
            ],
          }))}
        />
      </Panel>

      <Panel title={t('member.ledger')}>
        <Table
          empty={t('member.noLedger')}
          caption={t('member.ledger')}
          head={[t('member.date'), t('member.delta'), t('member.ledgerReason'), t('member.balance')]}
          rows={member.ledger.map((row) => ({
            key: row.id,
            cells: [
              formatDateTime(row.created_at),
              row.delta > 0 ? `+${row.delta}` : String(row.delta),
              row.reason,
              formatNumber(row.balance_after),
            ],
          }))}
        />
      </Panel>

      <div className="admin-detail-grid">
        <Panel title={t('member.reports')}>
          <Table
            empty={t('member.noReports')}
            caption={t('member.reports')}
            head={[t('member.date'), t('member.category'), t('member.note'), t('member.status')]}
            rows={member.reports_against.map((report) => ({
              key: report.id,
              cells: [
                formatDateTime(report.created_at),
                report.reason,
                <Link key="note" to={`/admin/queue/report/${report.id}`}>
                  {report.note || t('queue.open')}
                </Link>,
                t(`queue.statuses.${report.status}`, { defaultValue: report.status }),
              ],
            }))}
          />
        </Panel>
        <Panel title={t('member.complaints')}>
          <Table
            empty={t('member.noComplaints')}
            caption={t('member.complaints')}
            head={[t('member.date'), t('member.category'), t('member.status')]}
            rows={member.complaints.map((complaint) => ({
              key: complaint.id,
              cells: [
                formatDateTime(complaint.created_at),
                <Link key="topic" to={`/admin/queue/complaint/${complaint.id}`}>
                  {complaint.topic}
                </Link>,
                t(`queue.statuses.${complaint.status}`, { defaultValue: complaint.status }),
              ],
            }))}
          />
        </Panel>
      </div>

      <MemberVisits memberId={member.id} />

      {dialog === 'credits' && (
        <ActionDialog
          title={t('member.adjustCredits')}
          text={t('member.creditsText', { balance: member.credits })}
          confirmLabel={t('member.saveCredits')}
          withDelta
          onClose={close}
          onConfirm={async ({ delta, reason }) => {
            const { balance } = await credits.mutateAsync({ member_id: member.id, delta, reason });
            toast(t('member.creditsSaved', { balance }));
            close();
          }}
        />
      )}
      {(dialog === 'ban' || dialog === 'shadow_ban' || dialog === 'unban') && (
        <ActionDialog
          title={t(`member.confirm.${dialog}.title`)}
          text={t(`member.confirm.${dialog}.text`)}
          confirmLabel={t(`member.confirm.${dialog}.button`)}
          tone={dialog === 'unban' ? 'primary' : 'danger'}
          onClose={close}
          onConfirm={async ({ reason }) => {
            await status.mutateAsync({ member_id: member.id, action: dialog, reason });
            toast(t(`member.confirm.${dialog}.done`));
            close();
          }}
        />
      )}
      {dialog === 'delete' && (
        <ActionDialog
          title={t('member.confirm.delete.title')}
          text={t('member.confirm.delete.text')}
          confirmLabel={t('member.confirm.delete.button')}
          tone="danger"
          onClose={close}
          onConfirm={async ({ reason }) => {
            await remove.mutateAsync({ member_id: member.id, reason });
            toast(t('member.confirm.delete.done'));
            close();
          }}
        />
      )}
    </>
  );
}

function Table({
  caption,
  head,
  rows,
  empty,
}: {
  caption: string;
  head: string[];
  rows: { key: number; cells: ReactNode[] }[];
  empty: string;
}) {
  if (rows.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <div className="admin-table-wrap">
      <table className="table table-sm admin-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {head.map((cell) => (
              <th key={cell} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, i) => (
                <td key={i}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
