// The error catalogue: every error key and numeric code named in section 8 (and elsewhere) of the
// three specs, with its HTTP status and user-facing texts in both languages.
//
// Wire shape (ARCHITECTURE "API conventions", ErrorBody in api-types.ts): HTTP status +
// `{ result: key, code?, msg: en text, debug? }`. lookupErrorMessage fills placeholders from the
// body's scalar `debug` fields and from `params`, when the server sends them, so the web app can
// render the same message in Chinese.
//
// Conventions:
// - Keys keep the spec's spelling, misspellings included (apiRateLimitExceede).
// - `status: 0` marks a message the client produces itself (network failure, desktop bridge);
//   the server never answers it.
// - The /xfi graph codes (spec 001 §8) sit in the same catalogue. A graph code may share the
//   numeric code of its /api twin (file_not_found and fileNotExists are both 40010003);
//   `errorByCode` then answers the /api key, which comes first.
// - Texts may hold `{name}` placeholders, filled by `formatMessage`.

import { CHAT_MESSAGE_MAX } from './chat.ts';
import {
  ADDRESS_MAX,
  APPROVAL_DESC_MAX,
  EMAIL_MAX,
  MAX_DOWNLOAD_COUNT,
  NAME_MAX,
  NICKNAME_MAX,
  NOTICE_MAX_WEIGHT,
  PASSWORD_MAX,
  PASSWORD_MIN,
  REAL_NAME_MAX,
  REAL_NAME_MIN,
  TEAM_NAME_MAX_WEIGHT,
} from './constants.ts';
import { settingReasonText } from './settings-help.ts';

export type Lang = 'zh-CN' | 'en';

export interface ErrorDef {
  /** HTTP status the server answers with; 0 for client-side messages. */
  readonly status: number;
  /** The spec's numeric code, where it gives one. */
  readonly code?: number;
  readonly zh: string;
  readonly en: string;
}

export const ERRORS = {
  // --- Generic (ARCHITECTURE "API conventions"; spec 002 §8 lookup) --------------------------
  badRequest: {
    status: 400,
    zh: '请求内容有误，请检查后重试',
    en: 'The request is not valid. Please check your input and try again.',
  },
  notFound: { status: 404, zh: '请求的内容不存在', en: 'The requested item could not be found.' },
  /** A body sent as a type the call does not read (JSON calls, the upload's tus PATCH). */
  unsupportedMediaType: {
    status: 415,
    zh: '请求内容的格式不受支持',
    en: 'The request body is of a type this call does not accept.',
  },
  /** A tus request of a protocol version other than the server's (its Tus-Version header says which). */
  tusVersionUnsupported: {
    status: 412,
    zh: '上传协议版本不受支持',
    en: 'This version of the upload protocol is not supported.',
  },
  csrfInvalid: {
    status: 403,
    zh: '页面已过期，请刷新后重试',
    en: 'This page has expired. Refresh the page and try again.',
  },
  apiRateLimitExceede: {
    status: 429,
    zh: '操作过于频繁，请稍后再试',
    en: 'Too many requests. Please wait a moment and try again.',
  },
  fileTooLarge: {
    status: 413,
    zh: '文件大小超出限制',
    en: 'The file is larger than the allowed size.',
  },
  serverException: {
    status: 500,
    zh: '服务器出错了，请稍后重试',
    en: 'Something went wrong on the server. Please try again later.',
  },
  // spec 001 §8: "no response body means server error: message server busy".
  serverBusy: {
    status: 503,
    zh: '服务器繁忙，请稍后再试',
    en: 'The server is busy. Please try again later.',
  },
  serverAccess: {
    status: 0,
    zh: '无法连接服务器，请检查网络后重试',
    en: 'Cannot reach the server. Check your network connection and try again.',
  },

  // --- Session and sign-in (spec 001 §8, spec 002 §4, §8) -------------------------------------
  userNotLogin: {
    status: 401,
    code: 40100100,
    zh: '您尚未登录或登录已失效，请重新登录',
    en: 'You are not signed in, or your session has ended. Please sign in again.',
  },
  sessionExpired: {
    status: 401,
    code: 40002600,
    zh: '登录已过期，请重新登录',
    en: 'Your session has expired. Please sign in again.',
  },
  // spec 001 §8: 40100001 in lock calls makes the client recheck the session.
  authFailed: {
    status: 401,
    code: 40100001,
    zh: '身份验证失败，请重新登录',
    en: 'We could not verify your sign-in. Please sign in again.',
  },
  // Ours: the built-in login (ARCHITECTURE "Login"); one text for both causes, so accounts cannot be probed.
  loginFailed: { status: 401, zh: '账号或密码错误', en: 'The account or password is incorrect.' },
  // spec 002 §4: offline in the desktop client, or code 4103 from the before-logout hook.
  logoutFailed: { status: 0, code: 4103, zh: '退出登录失败', en: 'Sign-out failed. Please try again.' },

  // --- Permissions and roles (spec 000 §8, spec 001 §6, spec 002 §8) --------------------------
  permissionDenied: {
    status: 403,
    code: 40300001,
    zh: '您没有权限执行此操作',
    en: 'You do not have permission to do this.',
  },
  // spec 000 §8: role change answered with code 403e5 (= 40300000).
  noPermissions: {
    status: 403,
    code: 40300000,
    zh: '您没有权限进行此设置',
    en: 'You do not have permission to change this setting.',
  },
  setFailed: { status: 400, code: 40000600, zh: '设置失败', en: 'The change could not be saved.' },
  cant_remove_member: {
    status: 403,
    code: 50000002,
    zh: '无法移除该成员',
    en: 'This member cannot be removed.',
  },
  onlyOwnerOrManagerCanUpdateGroupInfo: {
    status: 403,
    zh: '只有团队所有者或管理员可以修改团队信息',
    en: 'Only the team owner or an admin can change the team information.',
  },

  // --- Teams and groups (spec 000 §8) ---------------------------------------------------------
  groupNumLimit: {
    status: 403,
    zh: '您的团队数量已达上限',
    en: 'You have reached the maximum number of teams.',
  },
  illegalGroupName: { status: 400, zh: '团队名称不合法', en: 'The team name is not valid.' },
  GroupMemberExists: { status: 409, zh: '该用户已是团队成员', en: 'This user is already a team member.' },
  GroupMemberLimit: {
    status: 403,
    zh: '团队成员数量已达上限',
    en: 'The team has reached its member limit.',
  },
  groupNotExist: { status: 404, zh: '团队不存在', en: 'The team does not exist.' },
  teamLinkNotExist: {
    status: 404,
    zh: '团队邀请链接不存在或已失效',
    en: 'This team invitation link does not exist or is no longer valid.',
  },
  notGroupMember: { status: 403, zh: '您不是该团队的成员', en: 'You are not a member of this team.' },
  notCompanyMember: {
    status: 403,
    zh: '您不是该企业的成员',
    en: 'You are not a member of this organisation.',
  },
  groupMemberNotFound: {
    status: 404,
    code: 40010004,
    zh: '该成员不在团队中',
    en: 'This member is not in the team.',
  },
  // spec 000 §8: 40000003, "historical version number error with the maximum filled in".
  historyLimitInvalid: {
    status: 400,
    code: 40000003,
    zh: '历史版本数量错误，请输入 0 到 {max} 之间的整数',
    en: 'Invalid number of history versions. Enter a whole number from 0 to {max}.',
  },

  // --- Team form validation (spec 000 §5) -----------------------------------------------------
  noName: { status: 400, zh: '请输入团队名称', en: 'Enter a team name.' },
  illegalTeam: {
    status: 400,
    zh: '团队名称不能包含以下字符：/ \\ : * ? " < > | %',
    en: 'A team name cannot contain any of these characters: / \\ : * ? " < > | %',
  },
  groupLengthTooShort: {
    status: 400,
    zh: '团队名称太短，请至少输入 4 个字符或 2 个汉字',
    en: 'The team name is too short. Use at least 4 characters, or 2 Chinese characters.',
  },
  groupLengthTooLong: {
    status: 400,
    zh: `团队名称太长，最多 ${TEAM_NAME_MAX_WEIGHT} 个字符（一个汉字计为 2 个字符）`,
    en: `The team name is too long: at most ${TEAM_NAME_MAX_WEIGHT} characters, where a Chinese character counts as 2.`,
  },
  noticeLengthTooLong: {
    status: 400,
    zh: `团队公告太长，最多 ${NOTICE_MAX_WEIGHT} 个字符（一个汉字计为 2 个字符）`,
    en: `The team notice is too long: at most ${NOTICE_MAX_WEIGHT} characters, where a Chinese character counts as 2.`,
  },

  // --- The messages side (ours: the specs show its pages, not its calls) -----------------------
  chatMessageEmpty: { status: 400, zh: '请输入消息内容', en: 'Type a message first.' },
  chatMessageTooLong: {
    status: 400,
    zh: `消息太长，最多 ${CHAT_MESSAGE_MAX} 个字符`,
    en: `The message is too long: at most ${CHAT_MESSAGE_MAX} characters.`,
  },

  // --- Group-creation approval and the contact picker (spec 000 §5) --------------------------
  descRequired: { status: 400, zh: '请填写申请说明', en: 'Enter the application instructions.' },
  descTooLong: {
    status: 400,
    zh: `申请说明不能超过 ${APPROVAL_DESC_MAX} 个字`,
    en: `The application instructions cannot be longer than ${APPROVAL_DESC_MAX} characters.`,
  },
  approverRequired: { status: 400, zh: '请至少选择一位审批人', en: 'Choose at least one approver.' },
  maxSelectItems: { status: 400, zh: '最多可选择 {max} 项', en: 'You can select up to {max} items.' },
  memberRequired: { status: 400, zh: '请至少选择一位成员', en: 'Choose at least one member.' },
  // Ours: creating a team directly when the deployment requires approval (allow_approve_create_group).
  approvalRequired: {
    status: 403,
    zh: '创建团队需要审批，请提交申请',
    en: 'Creating a team needs approval. Submit a request instead.',
  },
  // Ours: cancelling, approving or rejecting a request that was already decided or withdrawn.
  approvalNotPending: {
    status: 409,
    zh: '该申请已处理或已撤回',
    en: 'This request has already been decided or withdrawn.',
  },

  // --- Account (spec 000 §8, spec 002 §8) -----------------------------------------------------
  InvalidAccount: {
    status: 400,
    zh: '账号不存在或格式不正确',
    en: 'The account does not exist or is not valid.',
  },
  InvalidPhone: { status: 400, zh: '手机号不正确', en: 'The phone number is not valid.' },
  PhoneAlreadyInUsed: {
    status: 409,
    zh: '该手机号已被其他账号使用',
    en: 'This phone number is already used by another account.',
  },
  InvalidEmail: { status: 400, code: 40008000, zh: '邮箱地址不正确', en: 'The email address is not valid.' },
  EmailAlreadyInUsed: {
    status: 409,
    zh: '该邮箱已被其他账号使用',
    en: 'This email address is already used by another account.',
  },
  InvalidBindCode: {
    status: 400,
    zh: '验证码错误或已过期',
    en: 'The verification code is wrong or has expired.',
  },
  PasswordWeak: {
    status: 400,
    zh: `新密码强度不够：需 ${PASSWORD_MIN}–${PASSWORD_MAX} 位，并包含小写字母、大写字母、数字、特殊字符中的至少三种`,
    en: `The new password is too weak. Use ${PASSWORD_MIN}–${PASSWORD_MAX} characters with at least three of: lowercase letters, uppercase letters, digits and symbols.`,
  },
  wrongPassword: { status: 400, zh: '原密码错误', en: 'The current password is incorrect.' },
  InvalidToken: {
    status: 400,
    zh: '链接已失效，请重新获取',
    en: 'This link is no longer valid. Please request a new one.',
  },
  InvalidNickname: {
    status: 400,
    zh: `昵称须为 1 到 ${NICKNAME_MAX} 个字符，且不能包含 / \\ : * ? " < > |`,
    en: `A nickname must be 1 to ${NICKNAME_MAX} characters and cannot contain / \\ : * ? " < > |`,
  },
  SMSLimitReached: {
    status: 429,
    zh: '短信发送次数过多，请稍后再试',
    en: 'Too many text messages have been sent. Please try again later.',
  },
  userNotExist: { status: 404, zh: '用户不存在', en: 'The user does not exist.' },
  // spec 000 §2: a missing user's name shows as unknown user.
  unknownUser: { status: 404, zh: '未知用户', en: 'Unknown user' },
  // Ours: a new password equal to the current one (change, forced change, reset).
  passwordUnchanged: {
    status: 400,
    zh: '新密码不能与原密码相同',
    en: 'The new password must be different from the current one.',
  },
  // Ours: the two-step picture upload (spec 000 §7) with a key that is unknown, used, expired or another user's.
  uploadKeyInvalid: {
    status: 403,
    zh: '上传凭证无效或已过期，请重新上传',
    en: 'The upload key is not valid or has expired. Please upload again.',
  },
  // Ours: sign-up of a general user when the deployment does not allow it (allow_signup).
  signupDisabled: { status: 403, zh: '当前未开放注册', en: 'Sign-up is not open on this site.' },
  // Ours: real-name verification (spec 002 §1, §5).
  identity_name_err: {
    status: 400,
    zh: `请输入真实姓名（${REAL_NAME_MIN} 到 ${REAL_NAME_MAX} 个字）`,
    en: `Enter your real name (${REAL_NAME_MIN} to ${REAL_NAME_MAX} characters).`,
  },
  identity_number_err: { status: 400, zh: '证件号码不正确', en: 'The identity number is not valid.' },
  identitySubmitted: {
    status: 409,
    zh: '实名认证已提交或已通过',
    en: 'Your real-name verification has already been submitted or approved.',
  },
  identityNotPending: { status: 409, zh: '该申请已处理', en: 'This request has already been reviewed.' },
  identityNotRequired: {
    status: 403,
    zh: '当前无需实名认证',
    en: 'Real-name verification is not used on this site.',
  },

  // --- Profile and password form validation (spec 000 §5, spec 002 §5) -----------------------
  confirmPassword: { status: 400, zh: '两次输入的密码不一致', en: 'The two passwords do not match.' },
  email_err: {
    status: 400,
    zh: `请输入正确的邮箱地址（不超过 ${EMAIL_MAX} 个字符）`,
    en: `Enter a valid email address of at most ${EMAIL_MAX} characters.`,
  },
  phone_err: {
    status: 400,
    zh: '电话号码只能包含数字和 ; + - ( ) * #',
    en: 'A phone number may contain only digits and ; + - ( ) * #',
  },
  phone_length_err: {
    status: 400,
    zh: '电话号码长度应为 {min} 到 {max} 位',
    en: 'A phone number must be {min} to {max} characters long.',
  },
  tel_phone_err: {
    status: 400,
    zh: '请输入正确的分机号码，例如 010-12345678-123',
    en: 'Enter a valid extension number, for example 010-12345678-123.',
  },
  address_err: {
    status: 400,
    zh: '地址不能包含以下字符：\\ / : * ? " < > |',
    en: 'An address cannot contain any of these characters: \\ / : * ? " < > |',
  },
  address_length_err: {
    status: 400,
    zh: `地址不能超过 ${ADDRESS_MAX} 个字符`,
    en: `An address cannot be longer than ${ADDRESS_MAX} characters.`,
  },
  sex_err: { status: 400, zh: '请选择性别', en: 'Choose a valid sex.' },
  // spec 000 §5: avatar upload.
  error_file_tips: {
    status: 400,
    zh: '文件为空，请重新选择',
    en: 'The file is empty. Choose another picture.',
  },
  error_tips: {
    status: 400,
    zh: '请选择 5MB 以内的 jpg、jpeg、png 或 bmp 图片',
    en: 'Choose a jpg, jpeg, png or bmp picture of at most 5 MB.',
  },
  // spec 002 §5: invite account.
  enterEmailOrPhone: { status: 400, zh: '请输入邮箱或手机号', en: 'Enter an email address or phone number.' },
  enterValidEmailOrPhone: {
    status: 400,
    zh: '请输入正确的邮箱或手机号',
    en: 'Enter a valid email address or phone number.',
  },

  // --- File and folder names, copy and move (spec 001 §5, §8) ---------------------------------
  fileNameEmpty: { status: 400, zh: '名称不能为空', en: 'The name cannot be empty.' },
  illegalFname: {
    status: 400,
    zh: '名称不能包含以下字符：/ \\ : * ? " < > |',
    en: 'A name cannot contain any of these characters: / \\ : * ? " < > |',
  },
  illegalDotFname: { status: 400, zh: '名称不能以“.”开头', en: 'A name cannot start with a dot.' },
  fileNameLengthExceed: {
    status: 400,
    zh: `名称过长，包括扩展名最多 ${NAME_MAX} 个字符`,
    en: `The name is too long: at most ${NAME_MAX} characters, including the extension.`,
  },
  fileNameConflict: {
    status: 409,
    zh: '此位置已存在同名文件或文件夹',
    en: 'A file or folder with this name already exists here.',
  },
  fileNotExists: { status: 404, code: 40010003, zh: '文件不存在', en: 'The file does not exist.' },
  // Ours: a file's current content is not deleted from its history (recover another version first).
  historyCurrentVersion: {
    status: 409,
    zh: '不能删除当前版本',
    en: 'The current version cannot be deleted.',
  },
  moveFilePermission: {
    status: 403,
    zh: '您没有权限移动该文件',
    en: 'You do not have permission to move this file.',
  },
  moveFilesFail: { status: 400, zh: '移动失败', en: 'The files could not be moved.' },
  // Ours: the generic copy failure of spec 001 §8 ("else a generic error").
  copyFilesFail: { status: 400, zh: '复制失败', en: 'The files could not be copied.' },
  // Ours: moving or copying a folder into itself.
  cannotMoveIntoSelf: {
    status: 400,
    zh: '不能将文件夹移动或复制到其自身或其子文件夹中',
    en: 'A folder cannot be moved or copied into itself or one of its subfolders.',
  },
  // Ours: an upload commit whose bytes do not match the announced size or sha1 (ARCHITECTURE "Uploads").
  sizeMismatch: {
    status: 400,
    zh: '文件大小与声明不符，上传未保存',
    en: 'The uploaded size does not match the announced size, so nothing was saved.',
  },
  sha1Mismatch: {
    status: 400,
    zh: '文件校验失败，上传未保存',
    en: 'The file checksum does not match, so nothing was saved.',
  },

  // --- Security documents and online editing (spec 001 §8) ------------------------------------
  security_group_forbidden: {
    status: 403,
    zh: '安全团队中的文件不允许此操作',
    en: 'This action is not allowed for files in a secure team.',
  },
  security_group_forbidden_tmp: {
    status: 403,
    zh: '“我的上传”中的安全文档不允许此操作',
    en: 'This action is not allowed for security documents in My uploads.',
  },
  yqxForbid: { status: 403, zh: '该文档不允许在线编辑', en: 'This document cannot be edited online.' },
  // spec 001 §8: client upload error 5007, "conversion failure for too-large file, with limit 10 inserted".
  convertFileTooLarge: {
    status: 413,
    code: 5007,
    zh: '文件超过 {limit}MB，转换失败',
    en: 'Conversion failed: the file is larger than {limit} MB.',
  },

  // --- Space full (spec 001 §8) ---------------------------------------------------------------
  // 403 rather than 507: quota refusals are the user's limit, not a server fault, and clients key on `result`.
  SpaceFull: { status: 403, zh: '存储空间已满', en: 'The storage space is full.' },
  MySpaceFull: {
    status: 403,
    zh: '您的个人空间已满，请清理后再试',
    en: 'Your personal space is full. Free up some space and try again.',
  },
  userSpaceFull: { status: 403, zh: '该用户的存储空间已满', en: "The user's storage space is full." },
  groupSpaceFull: {
    status: 403,
    zh: '团队空间已满，请联系团队所有者扩容或清理',
    en: 'The team space is full. Ask the team owner to free up or add space.',
  },
  userDeptSpaceFull: { status: 403, zh: '您所在部门的空间已满', en: "Your department's space is full." },
  groupDeptSpaceFull: {
    status: 403,
    zh: '团队的部门群组空间已满',
    en: "The team's department group space is full.",
  },
  totalDocSpaceFull: {
    status: 403,
    zh: '企业文档总空间已满，请联系管理员',
    en: "Your organisation's total document space is full. Contact your administrator.",
  },
  commonSpaceFull: { status: 403, zh: '公共空间已满', en: 'The common space is full.' },
  QuotaLimitReached: {
    status: 403,
    zh: '已达到配额上限',
    en: 'The quota has been reached.',
  },
  userQuotaLimitReached: {
    status: 403,
    zh: '您已达到个人配额上限',
    en: 'You have reached your personal quota.',
  },
  groupQuotaLimitReached: { status: 403, zh: '团队已达到配额上限', en: 'The team has reached its quota.' },

  // --- File lock (spec 001 §8) ----------------------------------------------------------------
  document_editing: { status: 423, zh: '{nick} 正在编辑此文档', en: '{nick} is editing this document.' },
  document_editing_self: {
    status: 423,
    zh: '您已在其他地方编辑此文档',
    en: 'You are already editing this document somewhere else.',
  },
  document_editing2: {
    status: 423,
    zh: '文档正在被编辑，请稍后再试',
    en: 'This document is being edited. Please try again later.',
  },
  // spec 001 §8: 40300001 and 40300008 in lock calls both show no_filelock_permission.
  no_filelock_permission: {
    status: 403,
    code: 40300008,
    zh: '您没有权限锁定或解锁此文件',
    en: 'You do not have permission to lock or unlock this file.',
  },
  unlock_failed_permission: {
    status: 403,
    zh: '您没有权限解锁此文件',
    en: 'You do not have permission to unlock this file.',
  },
  unlock_failed: {
    status: 409,
    zh: '解锁失败，请稍后重试',
    en: 'The file could not be unlocked. Please try again.',
  },

  // --- Share links (spec 001 §8, spec 002 §5, §8) ---------------------------------------------
  lightLinkNotExist: { status: 404, zh: '分享链接不存在', en: 'This share link does not exist.' },
  lightLinkExist: { status: 409, zh: '该文件已有分享链接', en: 'This file already has a share link.' },
  linkClosed: { status: 410, zh: '分享链接已取消', en: 'This share link has been cancelled.' },
  // Ours: a link past its expiry (spec 002 §3 status "expired").
  linkExpired: { status: 410, zh: '分享链接已过期', en: 'This share link has expired.' },
  linkDownloadLimits: {
    status: 403,
    zh: '该链接的下载次数已用完',
    en: 'This link has reached its download limit.',
  },
  linkUpdateConcurrency: {
    status: 409,
    zh: '链接刚被他人修改，请刷新后重试',
    en: 'Someone else changed this link at the same time. Refresh and try again.',
  },
  linkMemberExist: {
    status: 409,
    zh: '{name} 已是分享成员',
    en: '{name} is already a member of this share.',
  },
  addShareFailed: { status: 400, zh: '添加分享成员失败', en: 'The members could not be added to the share.' },
  linkExpiryWarning: {
    status: 400,
    zh: '有效期已过，请选择一个将来的时间',
    en: 'The expiry time has already passed. Choose a time in the future.',
  },
  maxDownloadTimes: {
    status: 400,
    zh: `下载次数最多为 ${MAX_DOWNLOAD_COUNT} 次`,
    en: `The download limit can be at most ${MAX_DOWNLOAD_COUNT}.`,
  },
  // Ours: access-code checks (ARCHITECTURE "Data, durability and safety").
  chkcodeRequired: { status: 403, zh: '请输入提取码', en: 'Enter the access code to open this link.' },
  chkcodeWrong: { status: 403, zh: '提取码错误', en: 'The access code is incorrect.' },
  // spec 002 §1: sharing requires real-name verification when that setting is on.
  realNameRequired: {
    status: 403,
    zh: '分享前请先完成实名认证',
    en: 'Verify your real name before sharing.',
  },

  // --- Preview error pages (spec 001 §8) ------------------------------------------------------
  timeout: {
    status: 504,
    zh: '加载超时，请刷新重试',
    en: 'Loading took too long. Refresh the page to try again.',
  },
  illegalFile: {
    status: 403,
    zh: '该文件涉嫌违规，无法查看',
    en: 'This file has been blocked because it may break the rules.',
  },
  accessDeny: { status: 403, zh: '访问被拒绝', en: 'Access denied.' },
  unsupport: {
    status: 415,
    zh: '暂不支持预览此类文件',
    en: 'Preview is not available for this type of file.',
  },
  noSecdocAuth: {
    status: 403,
    zh: '您没有查看此安全文档的权限',
    en: 'You are not authorised to view this security document.',
  },
  convertTimeout: {
    status: 504,
    zh: '文档转换超时，请稍后重试',
    en: 'Converting the document took too long. Please try again later.',
  },
  convertFail: {
    status: 422,
    zh: '文档转换失败，无法预览',
    en: 'The document could not be converted for preview.',
  },
  invalidFile: {
    status: 422,
    zh: '文件已损坏或格式无效',
    en: 'The file is damaged or not in a valid format.',
  },
  passwdEncrypted: {
    status: 422,
    zh: '文档已设置密码，无法预览',
    en: 'This document is password-protected and cannot be previewed.',
  },
  viewCountLimit: { status: 403, zh: '查看次数已达上限', en: 'This file has reached its view limit.' },
  forbidLink: { status: 403, zh: '该文件禁止通过链接分享', en: 'This file may not be shared by link.' },
  linkViolation: {
    status: 403,
    zh: '该链接内容违规，已被禁止访问',
    en: 'This link has been blocked because its content breaks the rules.',
  },

  // --- The administrator's console (issue 6; ours, the specs show none) ----------------------
  accountInUse: { status: 409, zh: '该账号已被使用', en: 'This account name is already in use.' },
  illegalDeptName: {
    status: 400,
    zh: '部门名称须为 1–64 个字符，且不能包含 / 或 \\',
    en: 'A department name must be 1–64 characters long, without / or \\.',
  },
  /** `npm run admin -- setup` on a deployment that has its company and administrator already. */
  setupDone: {
    status: 409,
    zh: '已有公司和管理员，无需再次初始化',
    en: 'This deployment has its company and administrator already.',
  },
  deptNameConflict: {
    status: 409,
    zh: '同一上级部门下已有同名部门',
    en: 'A department with this name already exists under the same parent.',
  },
  deptMoveIntoSelf: {
    status: 400,
    zh: '不能把部门移动到它自己或它的下级部门中',
    en: 'A department cannot be moved into itself or one of its sub-departments.',
  },
  deptNotExist: { status: 404, zh: '部门不存在', en: 'The department does not exist.' },
  importInvalid: {
    status: 400,
    zh: '导入文件中有错误，未导入任何内容',
    en: 'The file has errors; nothing was imported.',
  },
  settingInvalid: {
    status: 400,
    zh: '设置值无效：{reason}',
    en: 'This value cannot be used: {reason}.',
  },
  reportNotExist: { status: 404, zh: '举报不存在', en: 'The report does not exist.' },
  reportHandled: {
    status: 409,
    zh: '该举报已被处理',
    en: 'This report has already been handled.',
  },
  nothingToAppeal: {
    status: 409,
    zh: '没有可申诉的处理结果',
    en: 'There is no block to appeal.',
  },
  cannotDisableSelf: {
    status: 400,
    zh: '不能停用自己的账号',
    en: 'You cannot disable your own account.',
  },

  // --- Downloads and the desktop client (spec 001 §5, §8; spec 002 §8) -----------------------
  emptyFolder: { status: 400, zh: '文件夹为空', en: 'The folder is empty.' },
  partialDownloadFail: { status: 0, zh: '部分文件下载失败', en: 'Some files could not be downloaded.' },
  nonsupportedBatchDownload: {
    status: 0,
    zh: '当前客户端不支持批量下载',
    en: 'This client does not support downloading several files at once.',
  },
  downloadFailed: { status: 0, zh: '下载失败', en: 'The download failed.' },
  onlineDocNotDownloadable: {
    status: 400,
    zh: '在线文档不支持下载',
    en: 'Online documents cannot be downloaded.',
  },
  userCanceled: { status: 0, zh: '已取消', en: 'Cancelled.' },
  renameFailed: { status: 0, zh: '本地文件重命名失败', en: 'The local file could not be renamed.' },
  urlTooLong: {
    status: 0,
    zh: '下载地址过长，请减少选择的文件或更换浏览器',
    en: 'The download address is too long for this browser. Select fewer files or use another browser.',
  },
  connectClientFailed: {
    status: 0,
    zh: '无法连接客户端，请启动客户端后重试',
    en: 'Cannot connect to the desktop client. Start it and try again.',
  },
  clientFeatureUnsupported: {
    status: 0,
    zh: '当前客户端版本不支持此功能',
    en: 'This version of the desktop client does not support this feature.',
  },
  // The bridge's own failures with no more precise key (spec 001 §8: "Local* codes have
  // messages, texts not shown"); a client's error code maps first (shared/desktop-bridge.ts).
  clientEditFailed: {
    status: 0,
    zh: '无法在本地应用中打开文件',
    en: 'The file could not be opened in the desktop app.',
  },
  clientUploadFailed: {
    status: 0,
    zh: '客户端上传失败',
    en: 'The desktop client could not upload the file.',
  },

  // --- Graph codes of the /xfi calls (spec 001 §8) --------------------------------------------
  forbidden: { status: 403, zh: '您没有权限执行此操作', en: 'You do not have permission to do this.' },
  bad_request: {
    status: 400,
    zh: '请求内容有误，请检查后重试',
    en: 'The request is not valid. Please check your input and try again.',
  },
  not_found: { status: 404, zh: '请求的内容不存在', en: 'The requested item could not be found.' },
  conflict: {
    status: 409,
    zh: '内容已被修改，请刷新后重试',
    en: 'The item was changed in the meantime. Refresh and try again.',
  },
  invalid_argument: { status: 400, zh: '参数无效', en: 'A value in the request is not valid.' },
  volume_not_found: { status: 404, code: 40010002, zh: '空间不存在', en: 'The space does not exist.' },
  file_not_found: { status: 404, code: 40010003, zh: '文件不存在', en: 'The file does not exist.' },
  file_name_already_exists: {
    status: 409,
    zh: '此位置已存在同名文件或文件夹',
    en: 'A file or folder with this name already exists here.',
  },
  no_upload_permission: {
    status: 403,
    zh: '您没有在此上传文件的权限',
    en: 'You do not have permission to upload files here.',
  },
  no_update_permission: {
    status: 403,
    zh: '您没有修改此文件的权限',
    en: 'You do not have permission to change this file.',
  },
  no_download_permission: {
    status: 403,
    zh: '您没有下载此文件的权限',
    en: 'You do not have permission to download this file.',
  },
} as const satisfies Record<string, ErrorDef>;

export type ErrorKey = keyof typeof ERRORS;

/** A subset of catalogue keys; fails to compile if any member is not in the catalogue. */
export type ErrorKeyOf<K extends ErrorKey> = K;

/** Values for `{name}` placeholders. */
export type MessageParams = Readonly<Record<string, string | number>>;

export function isErrorKey(value: unknown): value is ErrorKey {
  return typeof value === 'string' && Object.hasOwn(ERRORS, value);
}

// First key wins, so an /api key answers before its graph twin with the same code.
const KEY_BY_CODE = new Map<number, ErrorKey>();
for (const key of Object.keys(ERRORS) as ErrorKey[]) {
  const def: ErrorDef = ERRORS[key];
  if (def.code !== undefined && !KEY_BY_CODE.has(def.code)) KEY_BY_CODE.set(def.code, key);
}

export function errorByCode(code: number): ErrorKey | undefined {
  return KEY_BY_CODE.get(code);
}

/** Fills `{name}` placeholders; a placeholder without a value is left as it is. */
export function formatMessage(text: string, params?: MessageParams): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : placeholder,
  );
}

export function errorText(key: ErrorKey, lang: Lang, params?: MessageParams): string {
  const def: ErrorDef = ERRORS[key];
  return formatMessage(lang === 'en' ? def.en : def.zh, params);
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
}

function toCode(value: unknown): number | undefined {
  // Codes arrive as numbers or numeric strings; "403e5" (spec 000 §8) is 40300000.
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

/**
 * Placeholder values from an error body: scalar `debug` fields (the server's extra data, such as
 * retry_after) and `params`. spec 000 §3: the global history limit travels in the debug data as
 * global_hisotry_limit, which fills `{max}`.
 */
function paramsOf(body: Record<string, unknown>): MessageParams {
  const params: Record<string, string | number> = {};
  const debug = asRecord(body.debug) ?? {};
  for (const [name, value] of [...Object.entries(debug), ...Object.entries(asRecord(body.params) ?? {})]) {
    if (typeof value === 'number' || typeof value === 'string') params[name] = value;
  }
  const limit = debug.global_hisotry_limit;
  if (params.max === undefined && (typeof limit === 'number' || typeof limit === 'string')) {
    params.max = limit;
  }
  return params;
}

/** Placeholder values that are words of their own, put in the message's language. */
function localParams(key: ErrorKey, params: MessageParams, lang: Lang): MessageParams {
  // settingInvalid's reason is validateSettingValue's English.
  if (key === 'settingInvalid' && typeof params.reason === 'string')
    return { ...params, reason: settingReasonText(params.reason, lang) };
  return params;
}

/** The catalogue key a response body names by `result` or by `code`. */
export function errorKeyOf(body: unknown): ErrorKey | undefined {
  const record = asRecord(body);
  if (!record) return undefined;
  // The more precise key of a general one ({"result":"invalid_argument","debug":{"reason":"illegalDotFname"}}).
  const reason = asRecord(record.debug)?.reason;
  if (isErrorKey(reason)) return reason;
  if (isErrorKey(record.result)) return record.result;
  const code = toCode(record.code) ?? toCode(record.result);
  return code === undefined ? undefined : errorByCode(code);
}

/**
 * The message to show for a failed call (spec 000 §8, spec 001 §8, spec 002 §8): the body's result
 * or code maps to a message, falling back to the body msg, then to the generic server-exception
 * message. A network failure with no status maps to the server-access message.
 */
export function lookupErrorMessage(input: { status?: number; body?: unknown }, lang: Lang): string {
  if (!input.status) return errorText('serverAccess', lang);
  const body = asRecord(input.body);
  const key = errorKeyOf(body);
  if (key && body) return errorText(key, lang, localParams(key, paramsOf(body), lang));
  if (typeof body?.msg === 'string' && body.msg.trim() !== '') return body.msg;
  return errorText('serverException', lang);
}

/** spec 001 §8, spec 002 §4: codes 40100100, 40002600 or result userNotLogin send the user to login. */
export const SESSION_EXPIRED_CODES = [40100100, 40002600] as const;

export function isSessionExpired(body: unknown): boolean {
  const record = asRecord(body);
  if (!record) return false;
  // sessionExpired is our key for 40002600, so it counts even when a body omits the code.
  if (record.result === 'userNotLogin' || record.result === 'sessionExpired') return true;
  const code = toCode(record.code);
  return code !== undefined && (SESSION_EXPIRED_CODES as readonly number[]).includes(code);
}

/** Result codes of the editing-lock calls (spec 001 §8). */
export const LOCK_CODES = {
  /** Success: the file has no lock (also the unlock success code). */
  noLock: 20000000,
  /** The lock is held; toast document_editing with the holder's nick name, or "by self". */
  locked: 20000001,
  /** Unlock succeeded. */
  unlocked: 20000002,
  /** The document is being edited; toast document_editing2. */
  editing: 20000003,
  /** Success: the answer carries the lock info. */
  lockInfo: 20000004,
} as const;

/** spec 001 §8: these codes in lock calls show no_filelock_permission. */
export const LOCK_NO_PERMISSION_CODES = [40300001, 40300008] as const;
/** spec 001 §8: these codes (or HTTP statuses) in lock calls make the client recheck the session. */
export const LOCK_RECHECK_SESSION_CODES = [40100001, 401, 403] as const;

/** The preview error pages of spec 001 §8, one per key. */
export const PREVIEW_ERROR_KEYS = [
  'timeout',
  'fileNotExists',
  'notGroupMember',
  'notCompanyMember',
  'linkClosed',
  'illegalFile',
  'accessDeny',
  'permissionDenied',
  'unsupport',
  'noSecdocAuth',
  'userNotLogin',
  'convertTimeout',
  'convertFail',
  'fileTooLarge',
  'invalidFile',
  'passwdEncrypted',
  'viewCountLimit',
  'forbidLink',
  'linkViolation',
] as const satisfies readonly ErrorKey[];

export type PreviewErrorKey = (typeof PREVIEW_ERROR_KEYS)[number];

/**
 * The preview error page for a failed preview call. spec 001 §8: lightLinkNotExist, groupNotExist,
 * fileNotExists and a bare 404 share the file-not-exist page. Undefined means no page fits: show the
 * preview shell's /502 route.
 */
export function previewErrorKey(input: { status?: number; body?: unknown }): PreviewErrorKey | undefined {
  const key = errorKeyOf(input.body);
  if (key === 'lightLinkNotExist' || key === 'groupNotExist' || key === 'file_not_found') {
    return 'fileNotExists';
  }
  if (key === 'sessionExpired' || key === 'authFailed') return 'userNotLogin';
  const page = PREVIEW_ERROR_KEYS.find((k) => k === key);
  if (page) return page;
  switch (input.status) {
    case undefined:
    case 0:
    case 504:
      return 'timeout';
    case 401:
      return 'userNotLogin';
    case 403:
      return 'permissionDenied';
    case 404:
      return 'fileNotExists';
    case 413:
      return 'fileTooLarge';
    default:
      return undefined;
  }
}
