import { localeEntry } from '@app/i18n';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ACTIVITY_TEXT, activityOf } from '../../../components/activity';
import { Avatar } from '../../../components/avatar';
import { EmptyState } from '../../../components/empty-state';
import { LightbulbIcon, MessageIcon, SparklesIcon } from '../../../components/icons';
import { ApiError } from '../../../lib/api';
import { errorText } from '../../../lib/error-text';
import { currentLocale } from '../../../lib/i18n';
import { queryKeys } from '../../../data/query-keys';
import { dismiss, isDismissed } from '../../../lib/storage';
import { useUser } from '../../../data/user';
import { FictionalMarker } from '../../../components/fictional-marker';
import { VerifiedBadge } from '../../../components/verified-badge';
import { useSettings } from '../../../data/settings';
import { markReadInCache, type ChatPages, type ChatTarget } from '../api/chat-cache';
import type { ChatMessage, ChatResponse, Gift } from '../api/contract';
import { useChat, useChatWithMember } from '../api/get-chat';
import { useMarkChatRead } from '../api/mark-chat-read';
import { useSendGift } from '../api/send-gift';
import { useSendImage } from '../api/send-image';
import { useSendMessage } from '../api/send-message';
import { useSendKey } from '../hooks/use-send-key';
import { useShownConversation, useTypingNotice } from '../hooks/use-typing';
import {
  icebreakerKey,
  messagesInOrder,
  minimumMessageCost,
  newPartnerMessage,
  nextMessageCost,
  promptOf,
  shouldOpenIcebreaker,
  type SendPrompt as PromptKind,
} from '../rules';
import { Composer, useComposerForm } from './composer';
import { GiftPicker } from './gift-picker';
import { IcebreakerModal } from './icebreaker-modal';
import type { PendingMessage } from './message-bubble';
import { MessageList, type OlderMessages } from './message-list';
import { TypingIndicator } from './presence';
import { SendPrompt } from './send-prompt';
import './chat.scss';

/**
 * /chats/:id: a conversation. Opening it marks it read in the chat list (the server did on
 * loading it); a message from the partner that the live channel adds while it is open is
 * marked read on the server too, once.
 */
export function ChatById({ id }: { id: number }) {
  const queryClient = useQueryClient();
  const chat = useChat(id);
  const { mutate: markRead } = useMarkChatRead();
  const first = chat.data?.pages[0];
  const seen = useRef<number | null>(null);

  useEffect(() => {
    if (!first) return;
    if (seen.current === null) {
      seen.current = newPartnerMessage(first.messages, 0) ?? 0;
      markReadInCache(queryClient, id);
      return;
    }
    const arrived = newPartnerMessage(first.messages, seen.current);
    if (arrived === null) return;
    seen.current = arrived;
    markRead(id);
  }, [first, id, queryClient, markRead]);

  if (chat.data && first) {
    const older: OlderMessages = {
      has: chat.hasNextPage,
      loading: chat.isFetchingNextPage,
      // A second call while a page loads (the observer and the button) must not start another.
      load: () => void chat.fetchNextPage({ cancelRefetch: false }),
    };
    return (
      <ChatView
        chat={first}
        messages={messagesInOrder(chat.data.pages)}
        older={older}
        target={{ conversation_id: id }}
      />
    );
  }
  if (chat.isError) return <ChatLoadError error={chat.error} onRetry={() => void chat.refetch()} />;
  return <ChatSkeleton />;
}

const NO_OLDER: OlderMessages = { has: false, loading: false, load: () => undefined };

/**
 * /members/:id/chat: the conversation with a member. Once it has an id (it existed, or the
 * first message started it) the page moves to /chats/<id>, where the live channel finds it.
 */
export function ChatWithMember({ memberId }: { memberId: number }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const chat = useChatWithMember(memberId);
  const id = chat.data?.id ?? null;

  useEffect(() => {
    if (!chat.data || id === null) return;
    if (!queryClient.getQueryData<ChatPages>(queryKeys.chat(id))) {
      queryClient.setQueryData<ChatPages>(queryKeys.chat(id), { pages: [chat.data], pageParams: [null] });
    }
    void navigate(`/chats/${id}`, { replace: true });
  }, [chat.data, id, navigate, queryClient]);

  if (chat.data && id === null) {
    return (
      <ChatView chat={chat.data} messages={chat.data.messages} older={NO_OLDER} target={{ member_id: memberId }} />
    );
  }
  if (chat.isError) return <ChatLoadError error={chat.error} onRetry={() => void chat.refetch()} />;
  return <ChatSkeleton />;
}

interface ChatViewProps {
  /** The newest page: the partner, whether the chat is closed, the free messages left. */
  chat: ChatResponse;
  /** The loaded messages, oldest first. */
  messages: ChatMessage[];
  older: OlderMessages;
  target: ChatTarget;
}

/**
 * The chat itself: the partner, the messages, and the composer with what writing costs. A
 * message shows as pending until the server answers; a refused one goes back into the
 * composer with the reason, or the prompt the reason calls for.
 */
function ChatView({ chat, messages, older, target }: ChatViewProps) {
  const { t } = useTranslation();
  const settings = useSettings();
  const user = useUser();
  const { profile } = chat;
  const composer = useComposerForm();
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [prompt, setPrompt] = useState<{ kind: PromptKind; message: string } | null>(null);
  const [giftsOpen, setGiftsOpen] = useState(false);
  const [icebreakers, setIcebreakers] = useState(() =>
    shouldOpenIcebreaker({
      messages: messages.length,
      closed: chat.closed,
      dismissed: isDismissed(icebreakerKey(profile.id)),
    }),
  );
  const sendMessage = useSendMessage();
  const sendImage = useSendImage();
  const sendGift = useSendGift();
  const sendKeys = useSendKey();
  const notifyTyping = useTypingNotice(chat.id);
  // Here, where the conversation is loaded: the live client keeps a replayed typing event only
  // for a conversation in the cache.
  useShownConversation(chat.id);
  const lastKey = useRef(0);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Opening a chat is to write in it: focus goes to the composer (to the partner's name when
  // the chat is closed), not left on the page, from where it took ten Tabs. In a layout effect,
  // as the view appears; an opener modal showing at once takes it and gives it back on closing.
  useLayoutEffect(() => {
    (textareaRef.current ?? headingRef.current)?.focus();
  }, []);

  const cost = nextMessageCost(chat.free_messages_left, settings.message_credits);
  const minimum = user
    ? minimumMessageCost(settings.minimum_message_costs, user.profile.country, localeEntry(currentLocale()).iso)
    : null;

  function fail(error: unknown) {
    const kind = error instanceof ApiError ? promptOf(error) : null;
    if (kind && error instanceof ApiError) return setPrompt({ kind, message: error.message });
    const fields = error instanceof ApiError ? error.fields : {};
    setFailure(fields.body ?? fields.gift ?? errorText(error, t('chat.sendFailed')));
  }

  /**
   * Shows `item` as pending while `send` runs under the message's idempotency key (`content`
   * says what is sent, see useSendKey); on failure `restore` puts back what can be retried.
   * The view may stay mounted when the member opens another chat: a failed send's key is
   * reused only for the same chat, since the server refuses a key sent into another one.
   */
  async function deliver(
    item: Omit<PendingMessage, 'key'>,
    what: string,
    send: (idempotencyKey: string) => Promise<unknown>,
    restore?: () => void,
  ) {
    lastKey.current += 1;
    const key = lastKey.current;
    const content = `${JSON.stringify(target)} ${what}`;
    const idempotencyKey = sendKeys.take(content);
    setFailure(null);
    setPending((list) => [...list, { ...item, key }]);
    try {
      await send(idempotencyKey);
    } catch (error) {
      sendKeys.failed(content, idempotencyKey);
      restore?.();
      fail(error);
    } finally {
      setPending((list) => list.filter((entry) => entry.key !== key));
    }
  }

  function handleSendText(text: string) {
    composer.setValue('body', '');
    void deliver(
      { kind: 'text', body: text },
      `text:${text}`,
      (key) => sendMessage.mutateAsync({ target, body: text, key }),
      () => {
        if (!composer.getValues('body').trim()) composer.setValue('body', text);
      },
    );
  }

  function handleSendPhoto(file: File) {
    const preview = typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : undefined;
    void deliver({ kind: 'image', body: '', preview }, `image:${file.name}:${file.size}:${file.lastModified}`, (key) =>
      sendImage.mutateAsync({ target, file, key }),
    ).finally(() => {
      if (preview) URL.revokeObjectURL(preview);
    });
  }

  function handleSendGift(gift: Gift) {
    setGiftsOpen(false);
    void deliver({ kind: 'gift', body: '', gift }, `gift:${gift.key}`, (key) =>
      sendGift.mutateAsync({ target, gift: gift.key, key }),
    );
  }

  function closeIcebreakers() {
    dismiss(icebreakerKey(profile.id));
    setIcebreakers(false);
  }

  function handleIcebreaker(text: string) {
    composer.setValue('body', text);
    closeIcebreakers();
    requestAnimationFrame(() => textareaRef.current?.focus());
  }

  const empty = (
    <div className="chat-empty">
      <Avatar name={profile.name} src={profile.thumb} size={88} />
      <h2 className="chat-empty__title">{t('chat.empty.title', { name: profile.name })}</h2>
      <p className="chat-empty__text">{t('chat.empty.text', { name: profile.name })}</p>
      {minimum && <p className="chat-empty__cost">{t('chat.cost.minimum', { price: minimum })}</p>}
      {!chat.closed && (
        <button type="button" className="btn btn-outline-primary" onClick={() => setIcebreakers(true)}>
          <LightbulbIcon size={18} />
          {t('chat.empty.icebreakers')}
        </button>
      )}
    </div>
  );

  return (
    <div className="chat-view">
      <ChatHeader chat={chat} headingRef={headingRef} />
      <MessageList
        partner={profile.name}
        messages={messages}
        pending={pending}
        older={older}
        empty={empty}
        seenAt={chat.seen_at}
      />
      {!chat.closed && <TypingIndicator conversationId={chat.id} partner={profile} />}
      {chat.closed ? (
        <p className="chat-closed" role="status">
          {t('chat.closed', { name: profile.name })}
        </p>
      ) : (
        <Composer
          partner={profile.name}
          form={composer}
          onTyping={notifyTyping}
          maxLength={settings.message_length}
          photoCredits={settings.photo_credits}
          uploading={sendImage.isPending}
          onSendText={handleSendText}
          onSendPhoto={handleSendPhoto}
          onOpenGifts={() => setGiftsOpen(true)}
          onOpenIcebreakers={() => setIcebreakers(true)}
          textareaRef={textareaRef}
          notes={
            <>
              {failure && (
                <p className="chat-error" role="alert">
                  {failure}
                </p>
              )}
              <p className="chat-cost">
                <span>
                  {cost.free
                    ? t('chat.cost.free', { count: cost.left })
                    : t('chat.cost.credits', { count: cost.credits })}
                </span>
                {user && <span>{t('chat.cost.balance', { count: user.credits })}</span>}
                {minimum && <span>{t('chat.cost.minimum', { price: minimum })}</span>}
              </p>
            </>
          }
        />
      )}
      {giftsOpen && <GiftPicker name={profile.name} onSend={handleSendGift} onClose={() => setGiftsOpen(false)} />}
      {icebreakers && !chat.closed && (
        <IcebreakerModal name={profile.name} onChoose={handleIcebreaker} onClose={closeIcebreakers} />
      )}
      {prompt && <SendPrompt kind={prompt.kind} message={prompt.message} onClose={() => setPrompt(null)} />}
    </div>
  );
}

/** The partner: photo and name lead to the profile; online state and the fictional disclosure. */
function ChatHeader({ chat, headingRef }: { chat: ChatResponse; headingRef: RefObject<HTMLHeadingElement | null> }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const { profile } = chat;
  const activity = activityOf(profile);
  const profilePath = `/members/${profile.id}`;
  return (
    <header className="chat-head">
      <div className="chat-head__bar">
        <Link to={profilePath} className="chat-head__photo" tabIndex={-1} aria-hidden="true">
          <Avatar name={profile.name} src={profile.thumb} size={44} />
          {activity === 'online' && <span className="chat-online-dot" />}
        </Link>
        <div className="chat-head__who">
          <div className="chat-head__title">
            <h1 className="chat-head__name" ref={headingRef} tabIndex={-1}>
              <Link to={profilePath} title={t('chat.header.profile', { name: profile.name })}>
                {profile.name}
              </Link>
            </h1>
            {profile.verified && <VerifiedBadge size={18} />}
            {profile.fictional && <FictionalMarker size={18} className="chat-head__fictional" />}
          </div>
          <p className="chat-head__status">
            {activity ? t(ACTIVITY_TEXT[activity]) : t('chat.header.age', { age: profile.age })}
          </p>
        </div>
      </div>
      {profile.fictional && (
        <p className="chat-fictional">
          <SparklesIcon size={16} />
          <span>{settings.fictional_warning}</span>
        </p>
      )}
    </header>
  );
}

/** A conversation that cannot be read: gone (404) or not loaded, with a retry. */
function ChatLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  if (error instanceof ApiError && error.status === 404) {
    return (
      <div className="chat-view chat-view--state">
        <EmptyState
          icon={<MessageIcon size={28} />}
          title={t('chat.notFound.title')}
          text={t('chat.notFound.text')}
          action={
            <Link to="/chats" className="btn btn-primary">
              {t('chat.notFound.action')}
            </Link>
          }
        />
      </div>
    );
  }
  return (
    <div className="chat-view chat-view--state">
      <div className="card-panel chat-state" role="alert">
        <p className="fw-semibold mb-1">{t('chat.loadError')}</p>
        <button type="button" className="btn btn-primary" onClick={onRetry}>
          {t('chat.retry')}
        </button>
      </div>
    </div>
  );
}

/** The chat's shape while it loads. */
function ChatSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="chat-view" role="status">
      <span className="visually-hidden">{t('chat.loading')}</span>
      <div className="chat-head" aria-hidden="true">
        <div className="chat-head__bar">
          <span className="chat-skeleton chat-skeleton--avatar" />
          <span className="chat-skeleton chat-skeleton--line" />
        </div>
      </div>
      <div className="chat-scroll" aria-hidden="true">
        <span className="chat-skeleton chat-skeleton--bubble" />
        <span className="chat-skeleton chat-skeleton--bubble chat-skeleton--me" />
        <span className="chat-skeleton chat-skeleton--bubble" />
      </div>
    </div>
  );
}
