import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { HeldDecisionBody } from '../api/contract';
import { useDecideHeld } from '../api/decide-held';
import { useHeld } from '../api/get-held';
import { canOpen } from '../rules';
import { formatDateTime } from './format';
import { useStaff } from './staff-context';
import { EmptyState, ErrorState, LoadingState, ScreenHeader, useProblemText } from './states';
import { useToast } from './toast';

/** Held-back content: messages and about-me texts waiting for a decision, each released or dropped. */
export function HeldScreen() {
  const { t } = useTranslation('admin');
  const staff = useStaff();
  const toast = useToast();
  const problemText = useProblemText();
  const held = useHeld();
  const decide = useDecideHeld();

  function handleDecision(body: HeldDecisionBody) {
    decide.mutate(body, {
      onSuccess: () => toast(t(body.decision === 'release' ? 'held.released' : 'held.dropped')),
      onError: (error) => toast(problemText(error), 'danger'),
    });
  }

  function memberLink(id: number, name: string | null) {
    const label = name ?? `#${id}`;
    return canOpen(staff.role, 'members') ? <Link to={`/admin/members/${id}`}>{label}</Link> : label;
  }

  const busy = (kind: HeldDecisionBody['kind'], id: number) =>
    decide.isPending && decide.variables?.kind === kind && decide.variables.id === id;

  function decisionButtons(kind: HeldDecisionBody['kind'], id: number, what: string) {
    return (
      <div className="admin-input-row">
        <button
          type="button"
          className="btn btn-sm btn-primary"
          aria-label={t('held.releaseLabel', { what })}
          disabled={busy(kind, id)}
          onClick={() => handleDecision({ kind, id, decision: 'release' })}
        >
          {t('held.release')}
        </button>
        <button
          type="button"
          className="btn btn-sm btn-outline-danger"
          aria-label={t('held.dropLabel', { what })}
          disabled={busy(kind, id)}
          onClick={() => handleDecision({ kind, id, decision: 'drop' })}
        >
          {t('held.drop')}
        </button>
      </div>
    );
  }

  return (
    <>
      <ScreenHeader title={t('nav.held')} />
      {held.isPending ? (
        <LoadingState />
      ) : held.isError ? (
        <ErrorState error={held.error} onRetry={() => void held.refetch()} />
      ) : (
        <>
          <section className="admin-section">
            <h2 className="admin-panel__title">{t('held.messages')}</h2>
            {held.data.messages.length === 0 ? (
              <EmptyState>{t('held.noMessages')}</EmptyState>
            ) : (
              <ul className="admin-list">
                {held.data.messages.map((message) => (
                  <li key={message.id} className="admin-card admin-list__item">
                    <div className="admin-list__main">
                      <span className="admin-muted">
                        {t('held.from')} {memberLink(message.sender_id, message.sender_name)} · {t('held.to')}{' '}
                        {memberLink(message.recipient_id, null)} · {formatDateTime(message.created_at)}
                      </span>
                      <span className="admin-pre">{message.body}</span>
                      <span className="badge admin-badge admin-badge--in_progress align-self-start">
                        {t(`held.reasons.${message.reason}`, { defaultValue: message.reason })}
                      </span>
                    </div>
                    {decisionButtons('message', message.id, t('held.messageWhat', { id: message.id }))}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section className="admin-section">
            <h2 className="admin-panel__title">{t('held.abouts')}</h2>
            {held.data.abouts.length === 0 ? (
              <EmptyState>{t('held.noAbouts')}</EmptyState>
            ) : (
              <ul className="admin-list">
                {held.data.abouts.map((about) => (
                  <li key={about.member_id} className="admin-card admin-list__item">
                    <div className="admin-list__main">
                      <span className="fw-semibold">{memberLink(about.member_id, about.name)}</span>
                      <span className="admin-muted">{t('held.current')}</span>
                      <span className="admin-pre">{about.current || '–'}</span>
                      <span className="admin-muted">{t('held.held')}</span>
                      <span className="admin-pre">{about.held}</span>
                    </div>
                    {decisionButtons('about', about.member_id, t('held.aboutWhat', { name: about.name }))}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </>
  );
}
