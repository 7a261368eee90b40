import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { HeartIcon, UserIcon } from '../../components/icons';
import { useUser } from '../../data/user';
import { SendGiftButton } from '../../features/chat/components/send-gift-button';
import { useMember } from '../../features/members/api/get-member';
import { MemberView } from '../../features/members/components/member-view';
import { parseMemberId } from '../../features/members/rules';
import { ReportProfileButton } from '../../features/reports/components/report-buttons';
import { ApiError } from '../../lib/api';
import { useErrorText } from '../../lib/error-text';
import { DocumentTitle } from '../components/document-title';

/** A member's profile (also opened from a like, /likes/m/:id). */
export function Component() {
  const id = parseMemberId(useParams().id);
  return id === null ? <NotAvailable /> : <MemberProfilePage id={id} />;
}

function MemberProfilePage({ id }: { id: number }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const user = useUser();
  const { search } = useLocation();
  const query = useMember(id, search);

  if (query.data) {
    const { member } = query.data;
    return (
      <div className="container page">
        <DocumentTitle title={member.name} />
        {/* Keyed by member: a related profile opened from here starts at its own first photo. */}
        <MemberView
          key={member.id}
          member={member}
          own={user?.profile.id === member.id}
          loggedIn={user !== null}
          giftAction={<SendGiftButton member={member} />}
          reportAction={<ReportProfileButton member={member} />}
        />
      </div>
    );
  }

  if (query.isError) {
    const status = query.error instanceof ApiError ? query.error.status : 0;
    if (status === 404) return <NotAvailable />;
    if (status === 403 && !user) return <SignupPrompt id={id} />;
    return (
      <div className="container page page--narrow">
        <DocumentTitle title={t('memberView.loadError')} />
        <div className="card-panel member-state" role="alert">
          <p className="fw-semibold mb-1">{t('memberView.loadError')}</p>
          <p className="text-body-secondary">{errorText(query.error)}</p>
          <button type="button" className="btn btn-primary" onClick={() => void query.refetch()}>
            {t('memberView.retry')}
          </button>
        </div>
      </div>
    );
  }

  return <MemberSkeleton />;
}

/** Unknown, hidden, deleted or blocking members all look the same: nothing can be probed. */
function NotAvailable() {
  const { t } = useTranslation();
  return (
    <div className="container page page--narrow">
      <DocumentTitle title={t('memberView.notFoundTitle')} />
      <StatePanel
        icon={<UserIcon size={28} />}
        title={t('memberView.notFoundTitle')}
        text={t('memberView.notFoundText')}
      >
        <Link to="/members" className="btn btn-primary">
          {t('memberView.toMembers')}
        </Link>
      </StatePanel>
    </div>
  );
}

/** A visitor on a site that shows profiles to members only: an invitation to join. */
function SignupPrompt({ id }: { id: number }) {
  const { t } = useTranslation();
  return (
    <div className="container page page--narrow">
      <DocumentTitle title={t('memberView.signupTitle')} />
      <StatePanel icon={<HeartIcon size={28} />} title={t('memberView.signupTitle')} text={t('memberView.signupText')}>
        <div className="d-flex flex-wrap gap-2 justify-content-center">
          {/* The layout's signup slot opens this as the signup modal on desktop. */}
          <Link to={`/members/${id}/signup`} className="btn btn-primary">
            {t('memberView.signup')}
          </Link>
          <Link to={`/login?redirect=${encodeURIComponent(`/members/${id}`)}`} className="btn btn-outline-primary">
            {t('memberView.login')}
          </Link>
        </div>
      </StatePanel>
    </div>
  );
}

/** A whole-page state in the empty-state look, its title the page's heading. */
function StatePanel({
  icon,
  title,
  text,
  children,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <section className="empty-state" aria-labelledby="member-state-title">
      <span className="empty-state__icon">{icon}</span>
      <h1 id="member-state-title" className="empty-state__title">
        {title}
      </h1>
      <p className="empty-state__text">{text}</p>
      <div className="empty-state__action">{children}</div>
    </section>
  );
}

/** The page's shape while it loads, so nothing jumps when the profile arrives. */
function MemberSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="container page">
      <div className="member-skeleton" role="status">
        <span className="visually-hidden">{t('memberView.loading')}</span>
        <div className="member-skeleton__photo" aria-hidden="true" />
        <div className="member-skeleton__info" aria-hidden="true">
          <span className="member-skeleton__line member-skeleton__line--title" />
          <span className="member-skeleton__line member-skeleton__line--short" />
          <span className="member-skeleton__line member-skeleton__line--button" />
          <span className="member-skeleton__line" />
          <span className="member-skeleton__line" />
          <span className="member-skeleton__line member-skeleton__line--short" />
        </div>
      </div>
    </div>
  );
}
