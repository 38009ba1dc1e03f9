// Success and notice messages the specs name (spec 000 §8, spec 001 §8, spec 002 §8). They are
// not errors, so they live apart from the error catalogue; the keys double as i18n keys.

import type { Lang, MessageParams } from './errors.ts';
import { formatMessage } from './errors.ts';

export interface MessageDef {
  readonly zh: string;
  readonly en: string;
}

export const MESSAGES = {
  // spec 000 §8
  modifySuccess: { zh: '修改成功', en: 'Changes saved.' },
  removeSuccess: { zh: '移除成功', en: 'Removed.' },
  exitTeamSuccess: { zh: '已退出团队', en: 'You have left the team.' },
  deleteTeamSuccess: { zh: '团队已删除', en: 'The team has been deleted.' },
  changePasswordSuccess: {
    zh: '密码修改成功，请重新登录',
    en: 'Your password has been changed. Please sign in again.',
  },
  submitSuccess: { zh: '申请已提交，请等待审批', en: 'Your request has been submitted for approval.' },
  // spec 001 §8
  recoverSuccess: { zh: '恢复成功', en: 'Recovered.' },
  addStar: { zh: '已加星标', en: 'Starred.' },
  deleteStar: { zh: '已取消星标', en: 'Star removed.' },
  copySuccessOpenDir: { zh: '复制成功', en: 'Copied.' },
  moveSuccess: { zh: '移动成功', en: 'Moved.' },
  unlockSuccess: { zh: '已解锁', en: 'The file is unlocked.' },
  // spec 002 §8
  permissionChangeSuccess: { zh: '权限已修改', en: 'Sharing settings changed.' },
  removeMemberSuccess: { zh: '成员已移除', en: 'Member removed.' },
  addShareSuccess: { zh: '已与 {name} 共享', en: 'Shared with {name}.' },
  addShareMemberSuccess: { zh: '已添加分享成员', en: 'Members added to the share.' },
  unregisterInviteSuccess: {
    zh: '已向 {email} 发送邀请',
    en: 'An invitation has been sent to {email}.',
  },
  copySuccess: { zh: '链接已复制', en: 'Link copied.' },
  copyFailedTip: {
    zh: '复制失败，请手动复制链接',
    en: 'The link could not be copied automatically. Please copy it by hand.',
  },
  openLinkSuccess: { zh: '链接已重新开启', en: 'The link is open again.' },
  linkCancelled: { zh: '分享已取消', en: 'Sharing has been cancelled.' },
  linkCancelledTip: {
    zh: '该链接已失效，重新开启后将生成新的链接',
    en: 'This link no longer works. Reopening sharing creates a new link.',
  },
  settingsSuccess: { zh: '设置成功', en: 'Settings saved.' },
  settingsFailed: { zh: '设置失败', en: 'The settings could not be saved.' },
  setSyncPathSuccess: { zh: '同步目录已修改', en: 'Sync folder changed.' },
  setSyncPathFailed: { zh: '同步目录修改失败', en: 'The sync folder could not be changed.' },
} as const satisfies Record<string, MessageDef>;

export type MessageKey = keyof typeof MESSAGES;

export function messageText(key: MessageKey, lang: Lang, params?: MessageParams): string {
  const def: MessageDef = MESSAGES[key];
  return formatMessage(lang === 'en' ? def.en : def.zh, params);
}
