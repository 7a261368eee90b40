import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetBlocked } from '../api/block-member';
import type { ProfileCard as ProfileCardData } from '../api/contract';
import { useBlocks } from '../api/get-blocks';
import { ProfileCard } from '../../../components/profile-card';
import '../../../components/members.scss';
import { BlockIcon } from '../../../components/icons';

/** The settings page's list of blocked members, each with its own Unblock button. */
export function BlockedMembers() {
  const { t } = useTranslation();
  const query = useBlocks();
  const unblock = useSetBlocked();
  const [announce, setAnnounce] = useState('');

  function handleUnblock(card: ProfileCardData) {
    unblock.mutate(
      { id: card.id, blocked: false },
      { onSuccess: () => setAnnounce(t('blockedMembers.unblocked', { name: card.name })) },
    );
  }

  let body;
  if (query.isError) {
    body = (
      <div className="blocked-state" role="alert">
        <p className="mb-2">{t('blockedMembers.loadError')}</p>
        <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => void query.refetch()}>
          {t('memberView.retry')}
        </button>
      </div>
    );
  } else if (!query.data) {
    body = (
      <p className="blocked-state text-body-secondary" role="status">
        {t('blockedMembers.loading')}
      </p>
    );
  } else if (query.data.members.length === 0) {
    body = (
      <div className="blocked-empty">
        <BlockIcon size={22} />
        <div>
          <p className="blocked-empty__title">{t('blockedMembers.emptyTitle')}</p>
          <p className="blocked-empty__text">{t('blockedMembers.emptyText')}</p>
        </div>
      </div>
    );
  } else {
    body = (
      <ul className="blocked-list">
        {query.data.members.map((card) => (
          <BlockedRow
            key={card.id}
            card={card}
            pending={unblock.isPending && unblock.variables?.id === card.id}
            onUnblock={() => handleUnblock(card)}
          />
        ))}
      </ul>
    );
  }

  return (
    <>
      {body}
      {unblock.isError && (
        <p className="blocked-state text-danger" role="alert">
          {t('memberView.blockFailed')}
        </p>
      )}
      <span className="visually-hidden" role="status">
        {announce}
      </span>
    </>
  );
}

function BlockedRow({ card, pending, onUnblock }: { card: ProfileCardData; pending: boolean; onUnblock: () => void }) {
  const { t } = useTranslation();
  return (
    <li className="blocked-list__item">
      <ProfileCard card={card} photo="thumb" variant="row" />
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm"
        onClick={onUnblock}
        disabled={pending}
        aria-label={t('blockedMembers.unblockLabel', { name: card.name })}
      >
        {t('memberView.unblock')}
      </button>
    </li>
  );
}
