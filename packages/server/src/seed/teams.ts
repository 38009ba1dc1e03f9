import { CHAT_TYPE_GROUP, TEAM_TYPE } from '@cirrus/shared';
import type { Db } from '../db/index.ts';
import type { ApprovalService } from '../modules/approvals/service.ts';
import type { ChatService } from '../modules/chat/service.ts';
import type { TeamService } from '../modules/teams/service.ts';
import { actorsOf } from './drive.ts';

interface Deps {
  db: Db;
  teams: TeamService;
  approvals: ApprovalService;
  chat: ChatService;
}

/** The demo's first words in its team conversations: who says what, in order. */
const DEMO_MESSAGES: ReadonlyArray<readonly [team: string, account: string, body: string]> = [
  ['午餐小分队', 'wangfang', '今天中午吃什么？楼下新开了一家面馆'],
  ['午餐小分队', 'zhangwei', '面馆可以'],
  ['午餐小分队', 'bob', '+1，12:00 楼下见'],
  ['午餐小分队', 'lina', '我晚十分钟到，帮我占个位'],
  ['研发中心', 'zhangwei', '2026 研发计划已经放在团队空间里了，大家看一下'],
  ['研发中心', 'liuyang', '收到，接口规范我下午补到「设计方案」里'],
];

/**
 * The demo's teams beyond their spaces (issue 5): the company teams follow their departments (a
 * department entry each, so everyone in 研发中心 or 市场部 is in, on top of the people with roles),
 * a multi-person chat, an approver besides the administrator and a request waiting for them.
 * Each step is skipped when a start that stopped half-way did it already.
 */
export async function seedDemoTeams({ db, teams, approvals, chat: chats }: Deps): Promise<void> {
  const actors = await actorsOf(db);
  const actor = (account: string) => {
    const found = actors.get(account);
    if (!found) throw new Error(`demo user ${account} is missing`);
    return found;
  };
  const groupNamed = (name: string) =>
    db
      .selectFrom('groups')
      .select(['id', 'dept_id'])
      .where('name', '=', name)
      .where('type', '=', 'team')
      .executeTakeFirst();

  for (const [team, owner] of [
    ['研发中心', 'zhangwei'],
    ['市场部', 'machao'],
  ] as const) {
    const group = await groupNamed(team);
    const entered = group?.dept_id
      ? await db
          .selectFrom('group_depts')
          .select('dept_id')
          .where('group_id', '=', group.id)
          .where('dept_id', '=', group.dept_id)
          .executeTakeFirst()
      : undefined;
    if (group?.dept_id && !entered) {
      await teams.batch(actor(owner), group.id, { put: [group.dept_id], delete: [], type: 2 });
    }
  }

  // Created as an approved request would be, so the demo starts even where approval is required.
  const chat =
    (await groupNamed('午餐小分队')) ??
    (await teams.createApproved(actor('wangfang'), {
      type: TEAM_TYPE.chat,
      name: '午餐小分队',
      memberIds: ['zhangwei', 'lina', 'bob', 'chenjing'].map((a) => actor(a).userId),
      deptIds: [],
      autoConvert: false,
    }));
  await teams.update(actor('wangfang'), chat.id, { notice: '每天 12:00 楼下集合' });
  await teams.pin(actor('zhangwei'), (await groupNamed('研发中心'))?.id ?? chat.id, true);

  // A few messages, so that the messages side opens on conversations. Sent through the chat
  // service, as any member's; once. What came before someone's first look at a conversation is
  // not unread to them, so zhangwei, who speaks in both, has the later messages to read.
  const said = await db.selectFrom('chat_messages').select('id').limit(1).executeTakeFirst();
  if (!said) {
    for (const [team, account, body] of DEMO_MESSAGES) {
      const group = await groupNamed(team);
      if (group) await chats.send(actor(account), CHAT_TYPE_GROUP, group.id, body);
    }
  }

  const admin = actor('admin');
  const approver = { company_id: admin.companyId, user_id: actor('hexue').userId };
  const named = await db
    .selectFrom('group_approvers')
    .select('user_id')
    .where('company_id', '=', approver.company_id)
    .where('user_id', '=', approver.user_id)
    .executeTakeFirst();
  if (!named) await db.insertInto('group_approvers').values(approver).execute();
  const requested = await db
    .selectFrom('group_approvals')
    .select('id')
    .where('name', '=', '2026 用户调研')
    .executeTakeFirst();
  if (requested) return;
  await approvals.submit(actor('wuhao'), {
    name: '2026 用户调研',
    type: TEAM_TYPE.general,
    avatar: '7_2',
    notice: '',
    desc: '用户调研项目需要一个团队空间存放访谈记录',
    designated_approver_ids: [admin.userId, actor('hexue').userId],
    auto_convert_group: false,
    member_ids: [actor('xuli').userId, actor('kate').userId],
    dept_ids: [],
  });
}
