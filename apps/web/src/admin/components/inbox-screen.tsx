import { InboxReplyBodySchema } from '@app/shared';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Form, TextAreaField, useAppForm } from '../../components/form';
import { useGiftName } from '../../data/gift-name';
import type { InboxReplyBody, InboxThreadResponse } from '../api/contract';
import { useInbox } from '../api/get-inbox';
import { useInboxThread } from '../api/get-inbox-thread';
import { useSendInboxReply } from '../api/send-inbox-reply';
import { isSendKey } from '../rules';
import { formatDateTime, formatDay, formatNumber } from './format';
import { EmptyState, ErrorState, LoadingState, Panel, ScreenHeader } from './states';

/** The site-run profiles' inbox: conversations waiting for an answer, oldest first; asked again every 10 s. */
export function InboxScreen() {
  const { t } = useTranslation('admin');
  const inbox = useInbox();
  return (
    <>
      <ScreenHeader title={t('nav.inbox')} />
      {inbox.isPending ? (
        <LoadingState />
      ) : inbox.isError ? (
        <ErrorState error={inbox.error} onRetry={() => void inbox.refetch()} />
      ) : inbox.data.threads.length === 0 ? (
        <EmptyState>{t('inbox.empty')}</EmptyState>
      ) : (
        <ul className="admin-list" aria-label={t('inbox.waitingList')}>
          {inbox.data.threads.map((thread) => (
            <li key={thread.conversation_id} className="admin-card admin-list__item">
              <div className="admin-list__main">
                <Link to={`/admin/inbox/${thread.conversation_id}`} className="admin-list__title">
                  {t('inbox.threadTitle', { member: thread.member.name, fictional: thread.fictional.name })}
                </Link>
                <span className="admin-list__excerpt">{thread.last_body}</span>
              </div>
              <div className="admin-list__meta">
                <span className="badge admin-badge admin-badge--open">
                  {t('inbox.waiting', { count: thread.waiting })}
                </span>
                <span>{formatDateTime(thread.last_message_at)}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** One conversation: the messages, a reply box (Enter sends, Shift+Enter a new line), and both profiles beside it. */
export function InboxThreadScreen() {
  const { t } = useTranslation('admin');
  const conversationId = Number(useParams().conversationId);
  const thread = useInboxThread(conversationId);
  return (
    <>
      <p className="mb-2">
        <Link to="/admin/inbox">{t('inbox.back')}</Link>
      </p>
      {thread.isPending ? (
        <>
          <ScreenHeader title={t('nav.inbox')} />
          <LoadingState />
        </>
      ) : thread.isError ? (
        <>
          <ScreenHeader title={t('nav.inbox')} />
          <ErrorState error={thread.error} onRetry={() => void thread.refetch()} />
        </>
      ) : (
        <ThreadView thread={thread.data} />
      )}
    </>
  );
}

function ThreadView({ thread }: { thread: InboxThreadResponse }) {
  const { t } = useTranslation('admin');
  const giftName = useGiftName();
  const endRef = useRef<HTMLLIElement>(null);
  const count = thread.messages.length;
  useEffect(() => endRef.current?.scrollIntoView?.({ block: 'end' }), [count]);

  return (
    <>
      <ScreenHeader title={t('inbox.threadTitle', { member: thread.member.name, fictional: thread.fictional.name })} />
      <div className="admin-inbox">
        <section className="admin-card admin-panel admin-inbox__thread" aria-label={t('inbox.messages')}>
          {thread.messages.length === 0 ? (
            <EmptyState>{t('inbox.noMessages')}</EmptyState>
          ) : (
            <ol className="admin-thread" role="log" aria-label={t('inbox.messages')}>
              {thread.messages.map((message) => (
                <li
                  key={message.id}
                  className={`admin-message${message.from_fictional ? ' admin-message--ours' : ' admin-message--them'}`}
                >
                  <span className="admin-message__meta">
                    {message.from_fictional
                      ? message.staff_name
                        ? t('inbox.fromStaff', { name: thread.fictional.name, staff: message.staff_name })
                        : thread.fictional.name
                      : thread.member.name}
                    {' · '}
                    {formatDateTime(message.created_at)}
                  </span>
                  {message.kind === 'gift' ? (
                    <span>
                      {t('inbox.gift', {
                        name: message.gift_key
                          ? giftName({ key: message.gift_key, name: message.gift_name ?? message.gift_key })
                          : (message.gift_name ?? ''),
                      })}
                    </span>
                  ) : message.image_url ? (
                    <a href={message.image_url} target="_blank" rel="noreferrer">
                      <img
                        src={message.image_url}
                        alt={t('inbox.image')}
                        className="admin-message__image"
                        loading="lazy"
                      />
                    </a>
                  ) : null}
                  {message.body && <span className="admin-pre">{message.body}</span>}
                </li>
              ))}
              <li ref={endRef} aria-hidden="true" className="admin-thread__end" />
            </ol>
          )}
          <ReplyBox conversationId={thread.conversation_id} fictionalName={thread.fictional.name} />
        </section>
        <aside className="admin-inbox__side" aria-label={t('inbox.profiles')}>
          <Panel title={t('inbox.member')}>
            <ProfileHead profile={thread.member} />
            <dl className="admin-dl">
              <dt>{t('member.gender')}</dt>
              <dd>{t(`siteProfiles.genders.${thread.member.gender}`, { defaultValue: thread.member.gender })}</dd>
              <dt>{t('members.signup')}</dt>
              <dd>{formatDay(thread.member.signup_date)}</dd>
              <dt>{t('members.premium')}</dt>
              <dd>{thread.member.paid_user ? t('inbox.yes') : t('inbox.no')}</dd>
              <dt>{t('members.credits')}</dt>
              <dd>{formatNumber(thread.member.credits)}</dd>
              <dt>{t('member.about')}</dt>
              <dd className="admin-pre">{thread.member.about || '–'}</dd>
            </dl>
          </Panel>
          <Panel title={t('inbox.fictional')}>
            <ProfileHead profile={thread.fictional} />
            <p className="admin-pre mb-0">{thread.fictional.about || '–'}</p>
          </Panel>
        </aside>
      </div>
    </>
  );
}

function ProfileHead({ profile }: { profile: InboxThreadResponse['fictional'] }) {
  const { t } = useTranslation('admin');
  const where = [profile.city, profile.country].filter(Boolean).join(', ');
  return (
    <div className="admin-profile-head">
      {profile.thumb_url ? (
        <img src={profile.thumb_url} alt="" className="admin-avatar" />
      ) : (
        <span className="admin-avatar admin-avatar--empty" aria-hidden="true">
          {profile.name.slice(0, 1)}
        </span>
      )}
      <div>
        <p className="fw-semibold mb-0">{profile.name}</p>
        <p className="admin-muted mb-0">
          {profile.age !== null ? t('inbox.age', { age: profile.age }) : ''}
          {profile.age !== null && where ? ' · ' : ''}
          {where}
        </p>
      </div>
    </div>
  );
}

function ReplyBox({ conversationId, fictionalName }: { conversationId: number; fictionalName: string }) {
  const { t } = useTranslation('admin');
  const reply = useSendInboxReply(conversationId);
  const form = useAppForm<{ body: string }, InboxReplyBody>({
    defaultValues: { body: '' },
    schema: InboxReplyBodySchema,
    toRequest: ({ body }) => ({ conversation_id: conversationId, body }),
  });
  const body = useWatch({ control: form.control, name: 'body' });
  const blank = !body.trim();
  const busy = form.formState.isSubmitting;

  async function send(values: InboxReplyBody) {
    await reply.mutateAsync(values);
    form.reset({ body: '' });
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (isSendKey({ key: event.key, shiftKey: event.shiftKey, isComposing: event.nativeEvent.isComposing })) {
      event.preventDefault();
      // As the disabled button: nothing typed, or a reply on its way, sends nothing.
      if (!blank && !busy) void form.submit(send)();
    }
  }

  return (
    <Form form={form} className="admin-reply" onSubmit={send}>
      <TextAreaField
        name="body"
        label={t('inbox.replyLabel', { name: fictionalName })}
        hint={t('inbox.replyHint')}
        rows={3}
        maxLength={2000}
        onKeyDown={handleKeyDown}
      />
      <div className="admin-reply__row justify-content-end">
        <button type="submit" className="btn btn-primary" disabled={busy || blank}>
          {t('inbox.send')}
        </button>
      </div>
    </Form>
  );
}
