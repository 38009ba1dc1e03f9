import {
  AUTO_CONVERT_STATE,
  nameKey,
  TEAM_ROLE,
  TEAM_TYPE,
  type TeamRole,
  type TeamType,
} from '@cirrus/shared';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import type { Actor } from '../http/actor.ts';
import { findLiveByName } from '../modules/files/repo.ts';
import type { FileService } from '../modules/files/service.ts';
import { emptyDocument, type NewEmptyType } from '../modules/files/templates.ts';
import { upsertSetting } from '../modules/settings/repo.ts';
import type { SpaceService } from '../modules/spaces/service.ts';
import type { BlobStore } from '../storage/index.ts';
import { samplePdf, samplePng } from './sample-content.ts';

/**
 * The demo organisation's drive (issue 3 "Extend the demo organisation"): teams with members and
 * a realistic tree of documents, spreadsheets, pictures, a PDF and a folder with a few hundred
 * weekly reports, plus a few files in some people's own drives. Everything goes through the
 * services, so quotas, versions and events are as if people had uploaded it.
 *
 * Seeding again after a start that stopped half-way carries on: a team or file already there is
 * kept (main.ts runs it until the demo is marked complete).
 */
interface DemoTeam {
  name: string;
  type: TeamType;
  dept?: string;
  owner: string;
  members: [account: string, role: TeamRole][];
  tree: Tree;
  /** Auto-convert on: its office documents are planted as security documents (modules/secdoc). */
  secure?: boolean;
}

/** A folder's content: a name ending in "/" is a folder, anything else a file. */
interface Tree {
  [name: string]: Tree | Content;
}
type Content =
  | { kind: NewEmptyType }
  | { kind: 'png'; colours: [number, number, number][] }
  | { kind: 'pdf'; lines: string[] }
  | { kind: 'text'; text: string };

const doc = (kind: NewEmptyType): Content => ({ kind });
const text = (value: string): Content => ({ kind: 'text', text: value });
const png = (...colours: [number, number, number][]): Content => ({ kind: 'png', colours });
const BLUE: [number, number, number] = [51, 112, 255];
const GREEN: [number, number, number] = [0, 181, 120];
const ORANGE: [number, number, number] = [255, 136, 0];
const VIOLET: [number, number, number] = [127, 59, 245];

/** spec 001 §9 pages lists by 50: 260 reports make the big folder page a few times. */
function weeklyReports(): Tree {
  const people = ['张伟', '王芳', '李娜', '刘洋', '陈静', 'Bob Chen'];
  const tree: Tree = {};
  for (let week = 1; week <= 52; week++) {
    for (const person of people.slice(0, 5)) {
      const name = `2025-W${String(week).padStart(2, '0')} 周报 - ${person}.txt`;
      tree[name] = text(
        `${person} 第 ${week} 周工作周报\n\n本周完成：\n- 需求评审与接口联调\n- 修复缺陷 ${week % 7} 个\n\n下周计划：\n- 继续推进迭代任务\n`,
      );
    }
  }
  return tree;
}

const TEAMS: DemoTeam[] = [
  {
    name: '研发中心',
    type: TEAM_TYPE.company,
    dept: '研发中心',
    owner: 'zhangwei',
    members: [
      ['henry', TEAM_ROLE.admin],
      ['wangfang', TEAM_ROLE.member],
      ['lina', TEAM_ROLE.member],
      ['liuyang', TEAM_ROLE.member],
      ['chenjing', TEAM_ROLE.member],
      ['yanglei', TEAM_ROLE.member],
      ['bob', TEAM_ROLE.member],
      ['grace', TEAM_ROLE.member],
      ['zhaomin', TEAM_ROLE.read_member],
      ['david', TEAM_ROLE.read_member],
    ],
    tree: {
      '需求文档/': {
        '用户中心需求说明.docx': doc('docx'),
        '文件分享需求.docx': doc('docx'),
        '需求变更记录.xlsx': doc('xlsx'),
      },
      '设计方案/': {
        '系统架构图.png': png(BLUE, GREEN),
        '技术方案评审.pptx': doc('pptx'),
        '数据库设计.xlsx': doc('xlsx'),
        '接口规范.pdf': {
          kind: 'pdf',
          lines: [
            'Cirrus API conventions',
            'JSON in and out; errors as {result, code, msg}.',
            'Uploads by upload transactions and tus 1.0.',
          ],
        },
      },
      '周报/': weeklyReports(),
      '测试报告/': { 'v2.3 回归测试报告.docx': doc('docx'), '缺陷统计.xlsx': doc('xlsx') },
      'README.txt': text('研发中心团队空间\n\n需求文档、设计方案、周报和测试报告都放在这里。\n'),
      '2026 研发计划.pptx': doc('pptx'),
    },
  },
  {
    name: 'Product & Design',
    type: TEAM_TYPE.general,
    owner: 'zhoujie',
    members: [
      ['alice', TEAM_ROLE.admin],
      ['kate', TEAM_ROLE.member],
      ['wuhao', TEAM_ROLE.member],
      ['xuli', TEAM_ROLE.member],
      ['emma', TEAM_ROLE.member],
      ['sunqiang', TEAM_ROLE.member],
    ],
    tree: {
      'Wireframes/': {
        'Home.png': png(VIOLET, BLUE),
        'Drive list.png': png(BLUE, GREEN),
        'Share dialog.png': png(ORANGE, VIOLET),
      },
      'Research/': { 'User interviews.docx': doc('docx'), 'Survey results.xlsx': doc('xlsx') },
      'Roadmap 2026.pptx': doc('pptx'),
      'Brand guidelines.pdf': {
        kind: 'pdf',
        lines: ['Nebula Tech brand guidelines', 'Primary colour: #3370FF', 'Typeface: system sans-serif'],
      },
      'Meeting notes.txt': text('Product sync\n\n- Ship the new drive list\n- Review the share dialog\n'),
    },
  },
  {
    name: 'Contracts',
    type: TEAM_TYPE.general,
    owner: 'alice',
    members: [
      ['emma', TEAM_ROLE.member],
      ['kate', TEAM_ROLE.member],
    ],
    secure: true,
    tree: {
      'NDA template.docx': doc('docx'),
      'Price list 2026.xlsx': doc('xlsx'),
      'How we keep contracts.txt': text(
        'Contracts\n\nThis team converts office documents into security documents: who may open, edit, copy or download each one is set in its Document rights.\n',
      ),
    },
  },
  {
    name: '市场部',
    type: TEAM_TYPE.company,
    dept: '市场部',
    owner: 'machao',
    members: [
      ['zhulin', TEAM_ROLE.admin],
      ['hubin', TEAM_ROLE.member],
      ['guojing', TEAM_ROLE.member],
      ['carol', TEAM_ROLE.member],
      ['iris', TEAM_ROLE.member],
    ],
    tree: {
      '活动方案/': {
        '春季发布会方案.docx': doc('docx'),
        '活动预算.xlsx': doc('xlsx'),
        '海报.png': png(ORANGE, BLUE),
      },
      '2026 Q1 销售数据.xlsx': doc('xlsx'),
      '客户名单.xlsx': doc('xlsx'),
      '市场分析报告.pptx': doc('pptx'),
    },
  },
];

/** A few files in some people's own drives. */
const OWN_DRIVES: Record<string, Tree> = {
  zhangwei: {
    '个人笔记.txt': text('待办：\n- 审阅架构方案\n- 准备季度汇报\n'),
    '季度汇报.pptx': doc('pptx'),
    '照片/': { '团建.png': png(GREEN, ORANGE) },
  },
  alice: {
    'Ideas.txt': text('Ideas for the next release\n'),
    'Portfolio.pdf': { kind: 'pdf', lines: ['Alice Walker', 'Product design portfolio'] },
  },
};

interface Deps {
  db: Db;
  spaces: SpaceService;
  files: FileService;
  blobs: BlobStore;
  now: () => number;
}

async function contentOf(content: Content): Promise<Buffer> {
  switch (content.kind) {
    case 'text':
      return Buffer.from(content.text, 'utf8');
    case 'png':
      return samplePng(160, 100, content.colours[0], content.colours[1] ?? content.colours[0]);
    case 'pdf':
      return samplePdf(content.lines[0], content.lines.slice(1));
    default:
      return emptyDocument(content.kind);
  }
}

/** The demo organisation's users, as actors of the services. */
export async function actorsOf(db: Db): Promise<Map<string, Actor>> {
  const rows = await db
    .selectFrom('users')
    .leftJoin('company_members', 'company_members.user_id', 'users.id')
    .selectAll('users')
    .select('company_members.company_id')
    .execute();
  return new Map(
    rows.map(({ company_id, ...user }) => [
      user.unique_name,
      {
        userId: user.id,
        companyId: company_id ?? 0,
        isCompanyAdmin: user.roles.split(',').includes('admin'),
        roles: user.roles ? user.roles.split(',') : [],
        user,
        sessionId: '',
        csrfToken: '',
      },
    ]),
  );
}

export async function seedDemoDrive({ db, spaces, files, blobs, now }: Deps): Promise<void> {
  const actors = await actorsOf(db);
  const actor = (account: string) => {
    const found = actors.get(account);
    if (!found) throw new Error(`demo user ${account} is missing`);
    return found;
  };

  async function plant(who: Actor[], groupId: number, parentId: number, tree: Tree): Promise<void> {
    let turn = 0;
    for (const [name, value] of Object.entries(tree)) {
      // Files come from different members, so lists show several creators and modifiers.
      const by = who[turn++ % who.length];
      if (name.endsWith('/')) {
        const folder = await files.createFolder(by, groupId, parentId, name.slice(0, -1), { existOk: true });
        await plant(who, groupId, folder.fileid, value as Tree);
        continue;
      }
      if (await findLiveByName(db, groupId, parentId, nameKey(name))) continue;
      const digest = await blobs.putBuffer(await contentOf(value as Content));
      await files.saveUpload(by, groupId, parentId, name, digest, { imPush: false });
    }
  }

  for (const team of TEAMS) {
    const owner = actor(team.owner);
    const dept = team.dept
      ? await db
          .selectFrom('departments')
          .select('id')
          .where('company_id', '=', owner.companyId)
          .where('name', '=', team.dept)
          .executeTakeFirst()
      : undefined;
    const earlier = await db
      .selectFrom('groups')
      .selectAll()
      .where('type', '=', 'team')
      .where('name', '=', team.name)
      .where('owner_id', '=', owner.userId)
      .executeTakeFirst();
    const group =
      earlier ??
      (await spaces.createTeamSpace({
        ownerId: owner.userId,
        name: team.name,
        teamType: team.type,
        companyId: owner.companyId,
        deptId: dept?.id ?? null,
        members: team.members.map(([account, role]) => ({ userId: actor(account).userId, role })),
        autoConvertState: team.secure ? AUTO_CONVERT_STATE.on : AUTO_CONVERT_STATE.off,
      }));
    // Auto-convert needs the deployment's switch (spec 000 §6): on for the demo company.
    if (team.secure) await upsertSetting(db, owner.companyId, 'ALLOW_AUTO_CONVERT_SECDOC', 'true', now());
    const writers = [
      owner,
      ...team.members.filter(([, role]) => role !== TEAM_ROLE.read_member).map(([a]) => actor(a)),
    ];
    await plant(writers, group.id, 0, team.tree);
  }
  for (const [account, tree] of Object.entries(OWN_DRIVES)) {
    const who = actor(account);
    const drive = await spaces.personal(who.userId, 'special');
    await plant([who], drive.id, 0, tree);
  }
  await spreadTimes(db, now());
}

/** Everything was written just now; the demo looks lived-in with times over the last 90 days. */
async function spreadTimes(db: Db, t: number): Promise<void> {
  const age = sql<number>`((id * 7919) % 2160) * 3600`;
  await db
    .updateTable('files')
    .set({ mtime: sql<number>`${t} - ${age}`, ctime: sql<number>`${t} - ${age} - 86400` })
    .execute();
}
