import { CaseUpdateBodySchema } from '@app/shared';
import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { Form, SelectField, TextAreaField, useAppForm } from '../../components/form';
import { staffCan, type CaseDetail, type CaseKind, type CaseStatus, type CaseUpdateBody } from '../api/contract';
import { useCase } from '../api/get-case';
import { useCases, type CaseKindFilter, type CaseStatusFilter } from '../api/get-cases';
import { useUpdateCase } from '../api/update-case';
import { canOpen } from '../rules';
import { formatDateTime } from './format';
import { useStaff } from './staff-context';
import { EmptyState, ErrorState, LoadingState, Panel, ScreenHeader } from './states';
import { useToast } from './toast';
import { EmailText } from './email-text';

const STATUS_FILTERS: CaseStatusFilter[] = ['open', 'in_progress', 'resolved', 'all'];
const STATUSES: CaseStatus[] = ['open', 'in_progress', 'resolved'];

function oneOf<T extends string>(value: string | null, options: readonly T[], fallback: T): T {
  return options.includes(value as T) ? (value as T) : fallback;
}

/** The queue: reports and complaints in one list, filtered by status and kind (only the kinds the role handles). */
export function QueueScreen() {
  const { t } = useTranslation('admin');
  const staff = useStaff();
  const [params, setParams] = useSearchParams();
  const kinds: CaseKindFilter[] = [
    ...(staffCan(staff.role, 'reports') && staffCan(staff.role, 'complaints') ? (['all'] as const) : []),
    ...(staffCan(staff.role, 'reports') ? (['report'] as const) : []),
    ...(staffCan(staff.role, 'complaints') ? (['complaint'] as const) : []),
  ];
  const status = oneOf(params.get('status'), STATUS_FILTERS, 'open');
  const kind = oneOf(params.get('kind'), kinds, kinds[0] ?? 'all');
  const statusId = useId();
  const kindId = useId();
  const cases = useCases(status, kind);

  function setFilter(name: 'status' | 'kind', value: string) {
    const next = new URLSearchParams(params);
    next.set(name, value);
    setParams(next, { replace: true });
  }

  return (
    <>
      <ScreenHeader title={t('nav.queue')}>
        <div className="admin-inline-field">
          <label className="form-label mb-0" htmlFor={statusId}>
            {t('queue.statusFilter')}
          </label>
          <select
            id={statusId}
            className="form-select form-select-sm"
            value={status}
            onChange={(e) => setFilter('status', e.target.value)}
          >
            {STATUS_FILTERS.map((s) => (
              <option key={s} value={s}>
                {t(`queue.statuses.${s}`)}
              </option>
            ))}
          </select>
        </div>
        {kinds.length > 1 && (
          <div className="admin-inline-field">
            <label className="form-label mb-0" htmlFor={kindId}>
              {t('queue.kindFilter')}
            </label>
            <select
              id={kindId}
              className="form-select form-select-sm"
              value={kind}
              onChange={(e) => setFilter('kind', e.target.value)}
            >
              {kinds.map((k) => (
                <option key={k} value={k}>
                  {t(`queue.kinds.${k}`)}
                </option>
              ))}
            </select>
          </div>
        )}
      </ScreenHeader>
      {cases.isPending ? (
        <LoadingState />
      ) : cases.isError ? (
        <ErrorState error={cases.error} onRetry={() => void cases.refetch()} />
      ) : cases.data.cases.length === 0 ? (
        <EmptyState>{t('queue.empty')}</EmptyState>
      ) : (
        <ul className="admin-list">
          {cases.data.cases.map((item) => (
            <li key={`${item.kind}-${item.id}`} className="admin-card admin-list__item">
              <div className="admin-list__main">
                <span className="admin-badges">
                  <span className={`badge admin-badge admin-badge--${item.kind}`}>{t(`queue.kinds.${item.kind}`)}</span>
                  <span className={`badge admin-badge admin-badge--${item.status}`}>
                    {t(`queue.statuses.${item.status}`)}
                  </span>
                  <span className="admin-muted">{item.category}</span>
                </span>
                <Link to={`/admin/queue/${item.kind}/${item.id}`} className="admin-list__title">
                  {t('queue.caseTitle', { kind: t(`queue.kinds.${item.kind}`), id: item.id })}
                </Link>
                <span className="admin-list__excerpt">{item.excerpt}</span>
              </div>
              <div className="admin-list__meta">
                <span>{formatDateTime(item.created_at)}</span>
                {item.member_name && <span>{item.member_name}</span>}
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** A case: what was reported or complained about, the reported message in its context, notes, and the status. */
export function CaseScreen() {
  const { t } = useTranslation('admin');
  const params = useParams();
  const kind: CaseKind = params.kind === 'complaint' ? 'complaint' : 'report';
  const id = Number(params.id);
  const detail = useCase(kind, id);

  return (
    <>
      <p className="mb-2">
        <Link to="/admin/queue">{t('queue.back')}</Link>
      </p>
      {detail.isPending ? (
        <>
          <ScreenHeader title={t('queue.caseTitle', { kind: t(`queue.kinds.${kind}`), id })} />
          <LoadingState />
        </>
      ) : detail.isError ? (
        <>
          <ScreenHeader title={t('queue.caseTitle', { kind: t(`queue.kinds.${kind}`), id })} />
          <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />
        </>
      ) : (
        <CaseDetailView item={detail.data.case} />
      )}
    </>
  );
}

function CaseDetailView({ item }: { item: CaseDetail }) {
  const { t } = useTranslation('admin');
  const staff = useStaff();

  return (
    <>
      <ScreenHeader title={t('queue.caseTitle', { kind: t(`queue.kinds.${item.kind}`), id: item.id })}>
        <span className={`badge admin-badge admin-badge--${item.status}`}>{t(`queue.statuses.${item.status}`)}</span>
      </ScreenHeader>
      <div className="admin-detail-grid">
        <Panel title={t('queue.details')}>
          <dl className="admin-dl">
            <dt>{t('member.category')}</dt>
            <dd>{item.category}</dd>
            <dt>{t('member.date')}</dt>
            <dd>{formatDateTime(item.created_at)}</dd>
            {item.member_id !== null && (
              <>
                <dt>{t('queue.member')}</dt>
                <dd>
                  {canOpen(staff.role, 'members') ? (
                    <Link to={`/admin/members/${item.member_id}`}>{item.member_name ?? `#${item.member_id}`}</Link>
                  ) : (
                    (item.member_name ?? `#${item.member_id}`)
                  )}
                </dd>
              </>
            )}
            {item.reporter_id !== null && (
              <>
                <dt>{t('queue.reporter')}</dt>
                <dd>#{item.reporter_id}</dd>
              </>
            )}
            {item.sender_name && (
              <>
                <dt>{t('queue.sender')}</dt>
                <dd>
                  {item.sender_name}
                  {item.sender_email && (
                    <>
                      {' · '}
                      <a href={`mailto:${item.sender_email}`}>
                        <EmailText email={item.sender_email} />
                      </a>
                    </>
                  )}
                </dd>
              </>
            )}
            {item.subject && (
              <>
                <dt>{t('queue.subject')}</dt>
                <dd>{item.subject}</dd>
              </>
            )}
            <dt>{item.kind === 'report' ? t('queue.reporterNote') : t('queue.message')}</dt>
            <dd className="admin-pre">{item.text || '–'}</dd>
          </dl>
          <CaseStatusForm item={item} />
        </Panel>

        {item.context.length > 0 && (
          <Panel title={t('queue.context')}>
            <ol className="admin-thread admin-thread--compact">
              {item.context.map((message) => (
                <li
                  key={message.id}
                  className={`admin-message${message.sender_id === item.member_id ? ' admin-message--them' : ''}${message.reported ? ' admin-message--reported' : ''}`}
                >
                  <span className="admin-message__meta">
                    #{message.sender_id} · {formatDateTime(message.created_at)}
                    {message.reported && <strong> · {t('queue.reported')}</strong>}
                  </span>
                  <span className="admin-pre">
                    {message.kind === 'text' ? message.body : `[${message.kind}] ${message.body}`}
                  </span>
                </li>
              ))}
            </ol>
          </Panel>
        )}
      </div>

      <Panel title={t('queue.notes')}>
        {item.notes.length === 0 ? (
          <EmptyState>{t('queue.noNotes')}</EmptyState>
        ) : (
          <ol className="admin-notes">
            {item.notes.map((n) => (
              <li key={n.id}>
                <span className="admin-message__meta">
                  {n.staff_name} · {formatDateTime(n.created_at)}
                </span>
                <span className="admin-pre">{n.body}</span>
              </li>
            ))}
          </ol>
        )}
        <CaseNoteForm item={item} />
      </Panel>
    </>
  );
}

/** The case's status, changed on its own (a note is not needed for it). */
function CaseStatusForm({ item }: { item: CaseDetail }) {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const update = useUpdateCase();
  const form = useAppForm<{ status: CaseStatus }, CaseUpdateBody>({
    defaultValues: { status: item.status },
    schema: CaseUpdateBodySchema,
    toRequest: ({ status }) => ({ kind: item.kind, id: item.id, status }),
  });
  const status = useWatch({ control: form.control, name: 'status' });

  async function send(body: CaseUpdateBody) {
    await update.mutateAsync(body);
    toast(t('queue.statusChanged', { status: t(`queue.statuses.${body.status ?? item.status}`) }));
  }

  return (
    <Form form={form} className="admin-status-form" onSubmit={send}>
      <div className="admin-input-row align-items-end">
        <SelectField
          name="status"
          label={t('queue.status')}
          options={STATUSES.map((s) => ({ value: s, label: t(`queue.statuses.${s}`) }))}
        />
        <button
          type="submit"
          className="btn btn-primary"
          disabled={form.formState.isSubmitting || status === item.status}
        >
          {t('queue.changeStatus')}
        </button>
      </div>
    </Form>
  );
}

/** A note for the staff on the case. */
function CaseNoteForm({ item }: { item: CaseDetail }) {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const update = useUpdateCase();
  const form = useAppForm<{ note: string }, CaseUpdateBody>({
    defaultValues: { note: '' },
    schema: CaseUpdateBodySchema,
    toRequest: ({ note }) => ({ kind: item.kind, id: item.id, note }),
    messages: { note: { field_required: t('validation.required') } },
  });

  async function send(body: CaseUpdateBody) {
    await update.mutateAsync(body);
    form.reset({ note: '' });
    toast(t('queue.noteAdded'));
  }

  return (
    <Form form={form} onSubmit={send}>
      <TextAreaField name="note" label={t('queue.note')} rows={3} maxLength={5000} />
      <button type="submit" className="btn btn-primary mt-2" disabled={form.formState.isSubmitting}>
        {t('queue.addNote')}
      </button>
    </Form>
  );
}
