import { ArrowLeftOutlined, SendOutlined } from '@ant-design/icons';
import {
  CHAT_MESSAGE_MAX,
  CHAT_TYPE_GROUP,
  CHAT_TYPE_PRIVATE,
  type ChatMessage,
  type Conversation,
  formatBadge,
  formatRelativeTime,
  groupChatId,
  lookupErrorMessage,
  parseGroupChatId,
  toMillis,
  validateChatMessage,
} from '@cirrus/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Input, Result, Spin, Typography } from 'antd';
import { type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../api/http';
import { paths } from '../../app/paths';
import { AreaEmpty } from '../../components/AreaPage';
import { TeamAvatar } from '../../components/TeamAvatar';
import { UserAvatar } from '../../components/UserAvatar';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useNow } from '../../components/useNow';
import { useLanguage } from '../../i18n';
import { useCurrentUser } from '../auth/queries';
import { useUserBrief } from '../profile/queries';
import { useSettings } from '../settings/queries';
import { TeamDetailsButton } from '../teams/TeamDetailsButton';
import { ChatFileCard, chatFileText } from './ChatFileCard';
import {
  chatKeys,
  LIST_POLL_MS,
  useConversationMessages,
  useConversations,
  useOnline,
  useSendMessage,
} from './queries';
import './messages.css';

interface Target {
  type: Conversation['type'];
  id: number;
}

/** The conversation a page's address names: /message/group/{type}_{id}, /message/private/{userid}. */
function targetOf(params: { chatId?: string; userId?: string }): Target | null | 'invalid' {
  if (params.chatId !== undefined) {
    const id = parseGroupChatId(params.chatId);
    return id ? { type: CHAT_TYPE_GROUP, id } : 'invalid';
  }
  if (params.userId !== undefined) {
    const id = Number(params.userId);
    return Number.isSafeInteger(id) && id > 0 ? { type: CHAT_TYPE_PRIVATE, id } : 'invalid';
  }
  return null;
}

/** Characters as the shared rule counts them (code points: an emoji is one). */
const countChars = (text: string) => [...text].length;

const pathOf = (c: Conversation) =>
  c.type === CHAT_TYPE_GROUP
    ? `${paths.message}/group/${groupChatId(c.id, c.group_type)}`
    : `${paths.message}/private/${c.id}`;

function ConversationAvatar({ conversation, size }: { conversation: Conversation; size: number }) {
  return conversation.type === CHAT_TYPE_GROUP ? (
    <TeamAvatar team={conversation} size={size} />
  ) : (
    <UserAvatar
      user={{ id: conversation.id, nick_name: conversation.name, avatar: conversation.avatar }}
      size={size}
    />
  );
}

/**
 * The messages side: the user's conversations (every team and chat, and the people they have
 * written with), the latest first, and the open one with its messages and a box to write in.
 */
export function MessagesPage() {
  const { t } = useTranslation();
  const target = targetOf(useParams());
  const list = useConversations(LIST_POLL_MS);
  const now = useNow();
  const language = useLanguage();
  const settings = useSettings();
  useDocumentTitle(t('message.title'));
  const open = target && target !== 'invalid' ? target : null;
  const current = open
    ? list.data?.conversations.find((c) => c.type === open.type && c.id === open.id)
    : undefined;

  return (
    <section className="cirrus-area cirrus-chat-area">
      <Typography.Title level={1} className="cirrus-area-title">
        {t('message.title')}
      </Typography.Title>
      {/* On a phone one pane at a time: the list, or the open conversation (messages.css). */}
      <div className={`cirrus-chat${target ? ' has-open' : ''}`}>
        <nav className="cirrus-chat-list" aria-label={t('message.conversations')}>
          {list.isPending ? (
            <Spin className="cirrus-chat-spin" />
          ) : list.isError ? (
            <Result status="warning" title={errorMessage(list.error, language)} />
          ) : list.data.conversations.length === 0 ? (
            <AreaEmpty title={t('message.empty')} text={t('message.emptyText')} />
          ) : (
            <ul>
              {list.data.conversations.map((c) => (
                <li key={`${c.type}-${c.id}`}>
                  <Link
                    to={pathOf(c)}
                    className={`cirrus-chat-item cirrus-row-link${current === c ? ' is-open' : ''}`}
                    aria-current={current === c ? 'page' : undefined}
                  >
                    <ConversationAvatar conversation={c} size={36} />
                    <span className="cirrus-chat-item-text">
                      <span className="cirrus-chat-item-top">
                        <Typography.Text strong ellipsis>
                          {c.name}
                        </Typography.Text>
                        {c.last && (
                          <Typography.Text type="secondary" className="cirrus-chat-time">
                            {formatRelativeTime(toMillis(c.last.created_at), now, language)}
                          </Typography.Text>
                        )}
                      </span>
                      <span className="cirrus-chat-item-bottom">
                        <Typography.Text type="secondary" ellipsis>
                          {c.last
                            ? `${c.last.sender.nick_name}: ${c.last.file ? chatFileText(c.last.file, t) : c.last.body}`
                            : t('message.noneYet')}
                        </Typography.Text>
                        {c.unread > 0 && (
                          <Badge
                            count={formatBadge(c.unread)}
                            aria-label={t('message.unread', { count: c.unread })}
                          />
                        )}
                      </span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </nav>
        <section className="cirrus-chat-thread" aria-label={t('message.thread')}>
          {target === 'invalid' ? (
            <Result status="404" title={t('message.notFound')} />
          ) : open ? (
            <Thread key={`${open.type}-${open.id}`} target={open} conversation={current} />
          ) : (
            <AreaEmpty
              title={t('message.pick')}
              // Only with chat allowed does a profile offer "Send message".
              text={t(settings.allow_chat ? 'message.pickText' : 'message.pickTextNoProfile')}
            />
          )}
        </section>
      </div>
    </section>
  );
}

/** The open conversation: its name, its messages (older ones on request) and the box to write in. */
function Thread({ target, conversation }: { target: Target; conversation: Conversation | undefined }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const me = useCurrentUser();
  const now = useNow();
  // A person one has not written with yet is not in the list: their name comes from their card.
  const person = useUserBrief(target.id, target.type === CHAT_TYPE_PRIVATE && !conversation);
  const name = conversation?.name ?? person.data?.nick_name ?? '';
  const online = useOnline(target.id, target.type === CHAT_TYPE_PRIVATE);
  const messages = useConversationMessages(target.type, target.id);
  const send = useSendMessage(target.type, target.id);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const queryClient = useQueryClient();
  const { items } = messages;
  const newest = items[items.length - 1]?.id;
  const oldest = items[0]?.id;
  // While earlier messages are added above, the distance from the bottom is kept, so that what the
  // reader was looking at stays in place.
  const fromBottom = useRef<number | null>(null);

  // Keep the newest message in view as messages arrive; the list's unread counts change with it
  // (the newest page marks the conversation read).
  useLayoutEffect(() => {
    if (newest !== undefined && scroller.current) scroller.current.scrollTop = scroller.current.scrollHeight;
  }, [newest]);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (oldest === undefined || !el || fromBottom.current === null) return;
    el.scrollTop = el.scrollHeight - fromBottom.current;
    fromBottom.current = null;
  }, [oldest]);
  const showOlder = () => {
    const el = scroller.current;
    if (el) fromBottom.current = el.scrollHeight - el.scrollTop;
    messages.loadOlder();
  };
  useEffect(() => {
    if (newest !== undefined) void queryClient.invalidateQueries({ queryKey: chatKeys.conversations() });
  }, [newest, queryClient]);

  const submit = () => {
    // One message at a time: a second Enter while the first is on its way sends nothing.
    if (send.isPending) return;
    const invalid = validateChatMessage(draft);
    if (invalid) {
      setError(lookupErrorMessage({ status: 400, body: { result: invalid } }, language));
      return;
    }
    const sent = draft;
    send.mutate(sent, {
      // What was typed meanwhile stays.
      onSuccess: () => setDraft((current) => (current === sent ? '' : current)),
      onError: (err) => setError(errorMessage(err, language)),
    });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter, and Enter while an input method composes, write a new line.
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  const tooLong = countChars(draft) > CHAT_MESSAGE_MAX;
  const shownError =
    error ??
    (tooLong ? lookupErrorMessage({ status: 400, body: { result: 'chatMessageTooLong' } }, language) : null);

  if (messages.error) return <Result status="warning" title={errorMessage(messages.error, language)} />;
  return (
    <>
      <header className="cirrus-chat-head">
        <Link to={paths.message} className="cirrus-chat-back" aria-label={t('message.allConversations')}>
          <ArrowLeftOutlined />
        </Link>
        <Typography.Title level={2} className="cirrus-chat-title" ellipsis>
          {name}
        </Typography.Title>
        {target.type === CHAT_TYPE_GROUP && (
          // Its members, name and settings, as from the drive: a chat's dialog or a team's details.
          <TeamDetailsButton groupId={target.id} teamType={conversation?.group_type} />
        )}
        {online.data !== undefined && (
          <Badge
            status={online.data ? 'success' : 'default'}
            text={t(online.data ? 'message.online' : 'message.offline')}
          />
        )}
      </header>
      <div
        className="cirrus-chat-messages"
        ref={scroller}
        role="log"
        aria-live="polite"
        aria-label={t('message.log', { name })}
      >
        {messages.isPending ? (
          <Spin className="cirrus-chat-spin" />
        ) : (
          <>
            {messages.hasOlder && (
              <Button
                type="link"
                className="cirrus-chat-older"
                loading={messages.loadingOlder}
                onClick={showOlder}
              >
                {t('message.older')}
              </Button>
            )}
            {items.length === 0 && (
              <Typography.Text type="secondary">{t('message.startHere')}</Typography.Text>
            )}
            <ol>
              {items.map((m: ChatMessage) => (
                <li key={m.id} className={m.sender.id === me.id ? 'is-mine' : undefined}>
                  <UserAvatar user={m.sender} size={32} />
                  <div className="cirrus-chat-bubble">
                    <Typography.Text type="secondary" className="cirrus-chat-meta">
                      {m.sender.nick_name} · {formatRelativeTime(toMillis(m.created_at), now, language)}
                    </Typography.Text>
                    {m.file ? (
                      <ChatFileCard file={m.file} />
                    ) : (
                      <div className="cirrus-chat-body">{m.body}</div>
                    )}
                  </div>
                </li>
              ))}
            </ol>
          </>
        )}
      </div>
      <div className="cirrus-chat-compose">
        <Input.TextArea
          value={draft}
          onChange={(e) => {
            setDraft(e.target.value);
            setError(null);
          }}
          onKeyDown={onKeyDown}
          autoSize={{ minRows: 1, maxRows: 6 }}
          // A counter rather than a cut: a long paste stays whole, the counter turns red and the
          // limit is said below, so nothing is dropped without the writer knowing.
          count={{ show: true, max: CHAT_MESSAGE_MAX, strategy: countChars }}
          placeholder={t('message.placeholder', { name })}
          aria-label={t('message.write')}
          status={shownError ? 'error' : undefined}
          className="cirrus-chat-input"
        />
        <Button type="primary" icon={<SendOutlined />} loading={send.isPending} onClick={submit}>
          {t('message.send')}
        </Button>
      </div>
      {shownError && (
        <Typography.Text type="danger" role="alert" className="cirrus-chat-error">
          {shownError}
        </Typography.Text>
      )}
    </>
  );
}
