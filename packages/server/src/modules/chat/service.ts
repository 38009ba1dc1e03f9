import {
  CHAT_ONLINE_SECONDS,
  CHAT_TYPE_GROUP,
  CHAT_TYPE_PRIVATE,
  type ChatMessage,
  type ChatPage,
  type Conversation,
  type ConversationList,
  joinsFileBatch,
  type OnlineList,
  type TeamType,
  validateChatMessage,
} from '@cirrus/shared';
import type { Db, Dialect, Trx } from '../../db/index.ts';
import type { Actor } from '../../http/actor.ts';
import { DomainError } from '../../http/errors.ts';
import type { Hub } from '../../realtime/hub.ts';
import type { ContactService } from '../contacts/service.ts';
import type { SettingsService } from '../settings/service.ts';
import * as spacesRepo from '../spaces/repo.ts';
import type { SpaceService } from '../spaces/service.ts';
import type { UserService } from '../users/service.ts';
import * as repo from './repo.ts';

interface Deps {
  db: Db;
  dialect: Dialect;
  spaces: SpaceService;
  users: UserService;
  contacts: ContactService;
  settings: SettingsService;
  /** Where new messages and read marks are pushed to the people's open pages. */
  hub: Pick<Hub, 'push'>;
  now: () => number;
}

/** A file just added to a team space, as a file message tells of it. */
export interface AddedFile {
  id: number;
  name: string;
  size: number;
  group_id: number;
  parent_id: number;
}

/** Where a call's {type}/{id} leads: a team's conversation, or one with a person. */
interface Place {
  key: string;
  type: Conversation['type'];
  id: number;
  recipientId: number | null;
}

/**
 * The messages side (ARCHITECTURE "modules: ... messages"): every team and multi-person chat has a
 * conversation for its members, and any two people who may see each other (users.canSee: the same
 * company, or a team in common) may talk privately where chats are allowed (allow_chat). Messages
 * are plain text; the web app asks for new ones while a conversation is open.
 */
export function createChatService({ db, dialect, spaces, users, contacts, settings, hub, now }: Deps) {
  /** Private conversations are a chat feature: the allow_chat flag (spec 000 §6, off by default). */
  const privateAllowed = async (actor: Actor) => (await settings.get(actor.companyId)).allow_chat;

  async function placeOf(actor: Actor, type: number, id: number): Promise<Place> {
    if (type === CHAT_TYPE_PRIVATE) {
      if (!(await privateAllowed(actor))) throw new DomainError('permissionDenied');
      // Talking to oneself is not a conversation; someone one may not see does not exist.
      if (id === actor.userId || !(await users.canSee(actor, id))) throw new DomainError('userNotExist');
      return { key: repo.pairKey(actor.userId, id), type: CHAT_TYPE_PRIVATE, id, recipientId: id };
    }
    const access = await spaces.access(actor, id);
    if (access?.space.type !== 'team') throw new DomainError('groupNotExist');
    return { key: repo.groupKey(id), type: CHAT_TYPE_GROUP, id, recipientId: null };
  }

  /** Whether the user is in the team, read in `trx`: a user entry or a department that brings them. */
  async function stillInTeam(trx: Trx, groupId: number, userId: number): Promise<boolean> {
    if (!(await spacesRepo.findGroup(trx, groupId))) return false;
    return (
      (await spacesRepo.findMembership(trx, groupId, userId)) !== undefined ||
      (await spacesRepo.findDeptMembership(trx, groupId, userId)) !== undefined
    );
  }

  async function present(rows: repo.ChatMessageRow[]): Promise<ChatMessage[]> {
    const people = await contacts.persons(rows.map((r) => r.sender_id));
    return rows.map((r) => {
      const p = people.get(r.sender_id);
      return {
        id: r.id,
        sender: { id: r.sender_id, nick_name: p?.nick_name ?? '', avatar: p?.avatar ?? '' },
        body: r.body,
        created_at: r.created_at,
        ...(r.file_id === null
          ? {}
          : {
              file: {
                fileid: r.file_id,
                name: r.file_name ?? '',
                size: r.file_size ?? 0,
                groupid: r.file_group_id ?? 0,
                parentid: r.file_parent_id ?? 0,
                more: r.file_more ?? 0,
              },
            }),
      };
    });
  }

  /**
   * Tells everyone in the conversation, the sender's other pages included. In a private one each
   * side finds it under the other's id.
   */
  async function pushMessage(actor: Actor, place: Place, message: ChatMessage) {
    if (place.recipientId !== null) {
      hub.push([place.recipientId], {
        type: 'chat.message',
        conversation: { type: place.type, id: actor.userId },
        message,
      });
      hub.push([actor.userId], {
        type: 'chat.message',
        conversation: { type: place.type, id: place.id },
        message,
      });
      return;
    }
    hub.push(await spaces.memberIds(place.id), {
      type: 'chat.message',
      conversation: { type: place.type, id: place.id },
      message,
    });
  }

  return {
    /**
     * GET /api/v3/yun_msg/conversations. A team's conversation counts as unread only what came
     * after the user first had it listed: someone who joins a team with a long history does not
     * start with all of it unread. Private conversations with people the user may no longer see
     * are left out (they could not be opened, nor marked read).
     */
    async conversations(actor: Actor): Promise<ConversationList> {
      const teams = await spaces.myTeams(actor);
      const teamKeys = teams.map((t) => repo.groupKey(t.space.id));
      const others: { id: number; key: string }[] = [];
      if (await privateAllowed(actor)) {
        for (const key of await repo.privateConversations(db, actor.userId)) {
          const [, a, b] = key.split(':').map(Number);
          const id = a === actor.userId ? b : a;
          if (await users.canSee(actor, id)) others.push({ id, key });
        }
      }
      const keys = [...teamKeys, ...others.map((o) => o.key)];
      const lastRows = await repo.lastMessages(db, keys);
      const newest = new Map(lastRows.map((r) => [r.conversation, r.id]));
      await repo.markFirstSeen(
        db,
        actor.userId,
        teamKeys.map((key) => ({ key, lastId: newest.get(key) ?? 0 })),
      );
      const unread = await repo.unreadCounts(db, actor.userId, keys);
      const last = new Map((await present(lastRows)).map((m, i) => [lastRows[i].conversation, m]));
      const people = await contacts.persons(others.map((o) => o.id));
      const list: Conversation[] = [
        ...teams.map((t) => ({
          type: CHAT_TYPE_GROUP as Conversation['type'],
          id: t.space.id,
          group_type: t.space.team_type as TeamType,
          name: t.space.name,
          avatar: t.space.avatar,
          key: repo.groupKey(t.space.id),
        })),
        ...others.flatMap(({ id, key }) => {
          const p = people.get(id);
          return p
            ? [
                {
                  type: CHAT_TYPE_PRIVATE as Conversation['type'],
                  id,
                  name: p.nick_name,
                  avatar: p.avatar,
                  key,
                },
              ]
            : [];
        }),
      ].map(({ key, ...c }) => ({ ...c, last: last.get(key) ?? null, unread: unread.get(key) ?? 0 }));
      // The latest conversation first; teams nobody has written in yet after them, by name.
      list.sort(
        (x, y) =>
          (y.last?.id ?? 0) - (x.last?.id ?? 0) || x.name.localeCompare(y.name, 'zh-CN') || x.id - y.id,
      );
      return { conversations: list, unread: list.reduce((sum, c) => sum + c.unread, 0) };
    },

    /**
     * GET /api/v3/yun_msg/conversation/{type}/{id}/messages: a page, oldest first. The newest page
     * (no `before`) marks the conversation read up to its last message.
     */
    async messages(
      actor: Actor,
      type: number,
      id: number,
      opts: { before?: number; limit: number },
    ): Promise<ChatPage> {
      const place = await placeOf(actor, type, id);
      const rows = await repo.listMessages(db, place.key, { before: opts.before, limit: opts.limit + 1 });
      const page = rows.slice(0, opts.limit).reverse();
      // An open conversation asks every few seconds: only something new is written.
      const newest = page.at(-1)?.id;
      if (
        opts.before === undefined &&
        newest &&
        newest > (await repo.lastRead(db, actor.userId, place.key))
      ) {
        await repo.markRead(db, actor.userId, place.key, newest);
        // The user's other pages update their unread counts.
        hub.push([actor.userId], { type: 'chat.read', conversation: { type: place.type, id: place.id } });
      }
      return { messages: await present(page), more: rows.length > opts.limit };
    },

    /** POST /api/v3/yun_msg/conversation/{type}/{id}/messages. */
    async send(actor: Actor, type: number, id: number, body: string): Promise<ChatMessage> {
      const error = validateChatMessage(body);
      if (error) throw new DomainError(error);
      const place = await placeOf(actor, type, id);
      const row = await db.transaction().execute(async (trx) => {
        await repo.lockConversation(trx, dialect, place.key);
        // A team's member still, as the message is stored: someone removed (or a team deleted)
        // while it was on its way sends nothing.
        if (place.recipientId === null && !(await stillInTeam(trx, place.id, actor.userId)))
          throw new DomainError('groupNotExist');
        const inserted = await repo.insertMessage(trx, {
          conversation: place.key,
          sender_id: actor.userId,
          recipient_id: place.recipientId,
          body,
          created_at: now(),
        });
        // One's own message is seen.
        await repo.markRead(trx, actor.userId, place.key, inserted.id);
        return inserted;
      });
      const [message] = await present([row]);
      await pushMessage(actor, place, message);
      return message;
    },

    /**
     * A member added a file to a team's space: with the team's file-message push on (im_push, spec
     * 000 §3 and the team settings' switch), the team's conversation gets a message from them that
     * carries the file, as a typed one would (unread counts, the push to the members). A file that
     * comes within CHAT_FILE_BATCH_SECONDS of their previous one there joins that message instead
     * (joinsFileBatch). The switch and the membership are read under the conversation's lock, so a
     * switch turned off or a member removed meanwhile posts nothing.
     */
    async fileAdded(actor: Actor, file: AddedFile): Promise<void> {
      const place: Place = {
        key: repo.groupKey(file.group_id),
        type: CHAT_TYPE_GROUP,
        id: file.group_id,
        recipientId: null,
      };
      const t = now();
      const row = await db.transaction().execute(async (trx) => {
        await repo.lockConversation(trx, dialect, place.key);
        const group = await spacesRepo.findGroup(trx, file.group_id);
        if (group?.type !== 'team' || group.im_push !== 1) return null;
        if (!(await stillInTeam(trx, file.group_id, actor.userId))) return null;
        const [latest] = await repo.listMessages(trx, place.key, { limit: 1 });
        const batch = latest && { senderId: latest.sender_id, fileAddedAt: latest.file_added_at };
        if (joinsFileBatch(batch, actor.userId, t)) return repo.joinFileBatch(trx, latest.id, t);
        const inserted = await repo.insertMessage(trx, {
          conversation: place.key,
          sender_id: actor.userId,
          recipient_id: null,
          body: '',
          created_at: t,
          file_id: file.id,
          file_name: file.name,
          file_size: file.size,
          file_group_id: file.group_id,
          file_parent_id: file.parent_id,
          file_more: 0,
          file_added_at: t,
        });
        await repo.markRead(trx, actor.userId, place.key, inserted.id);
        return inserted;
      });
      if (!row) return;
      const [message] = await present([row]);
      await pushMessage(actor, place, message);
    },

    /**
     * POST /im/check-online (spec 002 §7, body token and userIds): whether each person the actor
     * may see is online, that is, used a session within the last CHAT_ONLINE_SECONDS (a session
     * notes its use at most once a minute, and an open page asks something at least that often).
     * People the actor may not see are left out.
     */
    async checkOnline(actor: Actor, userIds: number[]): Promise<OnlineList> {
      const visible: number[] = [];
      for (const id of new Set(userIds)) if (await users.canSee(actor, id)) visible.push(id);
      const t = now();
      const seen = await repo.usersSeenSince(db, visible, t - CHAT_ONLINE_SECONDS, t);
      return { users: visible.map((id) => ({ userid: id, online: seen.has(id) })) };
    },

    /** How many messages a team's conversation holds (the chat dialog's "send message"). */
    countOfTeam: (groupId: number) => repo.countMessages(db, repo.groupKey(groupId)),
  };
}

export type ChatService = ReturnType<typeof createChatService>;
