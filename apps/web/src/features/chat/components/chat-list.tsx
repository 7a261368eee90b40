import { localeEntry } from '@app/i18n';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { EmptyState } from '../../../components/empty-state';
import { CameraIcon, GiftIcon, MessageIcon, TrashIcon } from '../../../components/icons';
import { currentLocale } from '../../../lib/i18n';
import { FictionalMarker } from '../../../components/fictional-marker';
import type { ChatEntry } from '../api/contract';
import { useDeleteChat } from '../api/delete-chat';
import { useChats } from '../api/get-chats';
import { listTime, previewKind } from '../rules';
import './chat.scss';

interface ChatListProps {
  /** The conversation open beside the list (desktop), marked as the current one. */
  activeId?: number;
}

/**
 * The member's chats, newest first: who, the last message (or what it was), when, and how
 * many are unread. Each can be deleted, after a confirmation in its own row.
 */
export function ChatList({ activeId }: ChatListProps) {
  const { t } = useTranslation();
  const chats = useChats();

  if (!chats.data) {
    if (chats.isError) {
      return (
        <div className="card-panel chat-state" role="alert">
          <p className="fw-semibold mb-1">{t('chat.list.loadError')}</p>
          <button type="button" className="btn btn-primary" onClick={() => void chats.refetch()}>
            {t('chat.retry')}
          </button>
        </div>
      );
    }
    return <ChatListSkeleton />;
  }

  if (chats.data.chats.length === 0) {
    return (
      <EmptyState
        icon={<MessageIcon size={28} />}
        title={t('pages.chats.emptyTitle')}
        text={t('pages.chats.emptyText')}
        action={
          <Link className="btn btn-primary" to="/members">
            {t('actions.discover')}
          </Link>
        }
      />
    );
  }

  const now = new Date();
  return (
    <ul className="chat-list" aria-label={t('chat.list.label')}>
      {chats.data.chats.map((entry) => (
        <ChatRow key={entry.id} entry={entry} now={now} active={entry.id === activeId} />
      ))}
    </ul>
  );
}

function ChatRow({ entry, now, active }: { entry: ChatEntry; now: Date; active: boolean }) {
  const { t } = useTranslation();
  const remove = useDeleteChat();
  const [confirming, setConfirming] = useState(false);
  const toggled = useRef(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const { profile, last_message: last } = entry;

  // The pressed button gives way to the question or back: focus follows to what took its place,
  // in the same commit that removes the focused button (an effect would leave it on the page).
  useLayoutEffect(() => {
    if (!toggled.current) return;
    toggled.current = false;
    (confirming ? cancelRef.current : deleteRef.current)?.focus();
  }, [confirming]);

  function toggle(next: boolean) {
    toggled.current = true;
    setConfirming(next);
  }
  const unread = entry.num_unread_messages;
  const kind = previewKind(entry);

  return (
    <li className={`chat-row${unread > 0 ? ' chat-row--unread' : ''}${active ? ' chat-row--active' : ''}`}>
      <Link to={`/chats/${entry.id}`} className="chat-row__link" aria-current={active ? 'page' : undefined}>
        <span className="chat-row__photo">
          <Avatar name={profile.name} src={profile.thumb} size={56} />
          {profile.online && <span className="chat-online-dot" />}
        </span>
        <span className="chat-row__body">
          <span className="chat-row__top">
            <span className="chat-row__name">{profile.name}</span>
            {last && (
              <time className="chat-row__time" dateTime={last.at}>
                {listTime(new Date(last.at), now, localeEntry(currentLocale()).iso)}
              </time>
            )}
          </span>
          <span className="chat-row__preview">
            {last?.from_me && kind !== 'none' && <span className="chat-row__you">{t('chat.list.you')} </span>}
            {kind === 'text' && last?.body}
            {kind === 'image' && (
              <span className="chat-row__kind">
                <CameraIcon size={16} />
                {t('chat.list.photo')}
              </span>
            )}
            {kind === 'gift' && (
              <span className="chat-row__kind">
                <GiftIcon size={16} />
                {t('chat.list.gift')}
              </span>
            )}
            {kind === 'none' && <span className="chat-row__kind">{t('chat.list.noMessages')}</span>}
          </span>
        </span>
        {unread > 0 && (
          <span className="chat-row__badge">
            <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
            <span className="visually-hidden">{t('chat.list.unread', { count: unread })}</span>
          </span>
        )}
      </Link>
      {profile.fictional && <FictionalMarker size={16} className="chat-row__fictional" />}
      {confirming ? (
        <div
          className="chat-row__confirm"
          role="group"
          aria-label={t('chat.list.confirmDelete', { name: profile.name })}
          onKeyDown={(event) => event.key === 'Escape' && toggle(false)}
        >
          <span className="chat-row__question">{t('chat.list.confirmDelete', { name: profile.name })}</span>
          <button type="button" className="btn btn-sm btn-danger" onClick={() => remove.mutate(entry.id)}>
            {t('chat.list.confirm')}
          </button>
          <button
            ref={cancelRef}
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={() => toggle(false)}
          >
            {t('chat.list.cancel')}
          </button>
        </div>
      ) : (
        <button
          ref={deleteRef}
          type="button"
          className="chat-row__delete"
          aria-label={t('chat.list.delete', { name: profile.name })}
          title={t('chat.list.delete', { name: profile.name })}
          onClick={() => toggle(true)}
        >
          <TrashIcon size={18} />
        </button>
      )}
    </li>
  );
}

/** The list's shape while it loads. */
function ChatListSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status">
      <span className="visually-hidden">{t('chat.list.loading')}</span>
      <ul className="chat-list" aria-hidden="true">
        {[0, 1, 2, 3].map((row) => (
          <li key={row} className="chat-row chat-row--skeleton">
            <span className="chat-skeleton chat-skeleton--avatar" />
            <span className="chat-row__body">
              <span className="chat-skeleton chat-skeleton--line" />
              <span className="chat-skeleton chat-skeleton--line chat-skeleton--short" />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
