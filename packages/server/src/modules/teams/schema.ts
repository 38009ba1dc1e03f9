import { PAGE_SIZE_MEMBERS } from '@cirrus/shared';
import { z } from 'zod';
import { Id, IdList, Offset, pageSize, QueryBool, whole } from '../../http/params.ts';

export const TeamParams = z.object({ id: Id });
export const GidParams = z.object({ gid: Id });
export const MemberParams = z.object({ gid: Id, id: Id });
export const TeamMemberParams = z.object({ id: Id, userid: Id });

/** Ids as the clients send them: numbers, numeric strings, or none. */
const Ids = z.array(Id).max(1000);

/** Names and notices are checked by the shared validators in the service (illegalGroupName ...). */
const Name = z.string().max(500);
const Notice = z.string().max(5000);
const Avatar = z.string().max(500);

/**
 * POST /api/v3/groups?multi_included=true: a general team (type 3) by anyone; a company team (type
 * 2, linked to dept_id) by a company administrator. members and dept_ids join as members.
 */
export const CreateTeamBody = z.object({
  name: Name,
  type: z
    .union([z.literal(2), z.literal(3)])
    .optional()
    .default(3),
  dept_id: Id.optional(),
  avatar: Avatar.optional(),
  notice: Notice.optional(),
  members: Ids.optional().default([]),
  dept_ids: Ids.optional().default([]),
  auto_convert_group: z.boolean().optional().default(false),
});
export type CreateTeamBody = z.infer<typeof CreateTeamBody>;

export const CreateTeamQuery = z.object({ multi_included: QueryBool });

/** POST /api/v3/yun_msg/groups: a multi-person chat; without a name one is made from the members'. */
export const CreateChatBody = z.object({
  name: Name.optional().default(''),
  members: Ids.optional().default([]),
});
export type CreateChatBody = z.infer<typeof CreateChatBody>;

/** POST /api/v3/yun_msg/groups/{id}/members: one person (or several) into a chat. */
export const ChatMemberBody = z.object({
  userid: z.union([Id, z.array(Id).min(1).max(1000)]),
});

/**
 * PUT /api/v3/groups/{id} (and PATCH /v1/groups/{id}): name, notice, avatar (icon_colourIndex such
 * as "3_5", or the address of an uploaded picture), auto-convert (0 off, 1 or 2 on).
 */
export const UpdateTeamBody = z.object({
  name: Name.optional(),
  notice: Notice.optional(),
  avatar: Avatar.optional(),
  auto_convert_state: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
});
export type UpdateTeamBody = z.infer<typeof UpdateTeamBody>;

export const TeamQuery = z.object({
  /** recent_members (the default) adds the newest members. */
  include: z.string().max(100).optional(),
});

export const MembersQuery = z.object({
  offset: Offset,
  limit: pageSize(PAGE_SIZE_MEMBERS, 1000),
  /** Name, pinyin (full or initials), phone or email local part; cut to 30 characters. */
  keywords: z.string().max(200).optional(),
});
export type MembersQuery = z.infer<typeof MembersQuery>;

export const BriefQuery = z.object({
  offset: Offset,
  limit: pageSize(PAGE_SIZE_MEMBERS, 5000),
  /** 1 people (user entries and the people departments bring), 2 department entries; both when left out. */
  type: whole(z.union([z.literal(1), z.literal(2)])).optional(),
});

/** Member types in the contacts calls: 1 user, 2 (or 3) department, 4 user in the picker. */
const MemberType = whole(z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]))
  .optional()
  .default(1);

/** POST /v1/groups/{gid}/members/batch: ids to add (put) and remove (delete) of one type; 204. */
export const BatchMembersBody = z.object({
  put: Ids.optional().default([]),
  delete: Ids.optional().default([]),
  type: MemberType,
});
export type BatchMembersBody = z.infer<typeof BatchMembersBody>;

/** PATCH /v1/groups/{gid}/members/{id}: team_role (Scheme B); transfer sends role 1 and team_role 1. */
export const PatchMemberBody = z.object({
  team_role: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  role: z.number().int().optional(),
});

export const DeleteMemberQuery = z.object({ type: MemberType });

export const PinBody = z.object({ is_top: z.boolean() });

export const ImPushBody = z.object({
  im_push: z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((v) => v === true || v === 1),
});

export const InviteCodeParams = z.object({
  code: z
    .string()
    .min(8)
    .max(64)
    .regex(/^[A-Za-z0-9]+$/),
});

export const ConversationParams = z.object({
  type: whole(z.number().int().min(1).max(4)),
  id: Id,
});

export const MyGroupsQuery = z.object({
  offset: Offset,
  limit: pageSize(PAGE_SIZE_MEMBERS, 1000),
  /** 1 chats, 2 company teams, 3 general teams; comma list. All when left out. */
  type: z.string().max(20).optional(),
  /** Only teams the actor owns or created (the /contacts/group page). */
  owned: QueryBool,
});

export const GroupsBatchBody = z.object({ get: IdList });

export const DeptsQuery = z.object({
  group_id: Id.optional(),
  recursive: QueryBool,
});

export const SwitchStateQuery = z.object({ group_ids: IdList });

/** PUT /convertor/v1/switch_state: state 2 open (auto-convert on), anything else closed. */
export const SwitchStateBody = z.object({ groupid: Id, state: whole(z.number().int()) });
