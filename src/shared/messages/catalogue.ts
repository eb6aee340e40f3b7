/**
 * The one catalogue of the texts an answer carries, in zh-chs (the default) and en, used by the
 * reference server and by the mocks alike, so both refuse with the same words. The language is the
 * request's Accept-Language (the client sends its language cookie there, spec §7).
 * HTTP status texts are spec §8's; password rules are spec §5's.
 */

import type { BilingualText } from '../bilingual';
import { BILL_MESSAGES } from '../bills/messages';
import { LABEL_MESSAGES } from '../labels/messages';
import { EQUIPMENT_MESSAGES } from '../equipment/messages';
import { STOCKTAKE_MESSAGES } from '../stocktake/messages';
import { MSD_MESSAGES } from '../msd/messages';
import { AUX_MESSAGES } from '../auxiliary/messages';
import { PORTAL_MESSAGES } from '../portal/messages';

export type Language = 'zh-chs' | 'en';

export function languageOf(acceptLanguage: string | string[] | undefined): Language {
  const header = (Array.isArray(acceptLanguage) ? acceptLanguage[0] : acceptLanguage) ?? '';
  // The first language listed wins; only English is offered besides the zh-chs default.
  return /^\s*en\b/i.test(header) ? 'en' : 'zh-chs';
}

/**
 * Values for a message's `{name}` placeholders. A `{ message }` value is itself a catalogue entry
 * (with its own params), put in the same language: a reel's status or an action named inside a
 * refusal, or the ERP's refusal inside a job run's failure. `{ items }` is a list of values, each put
 * in the language and listed as the language lists them.
 */
export type MessageParam = string | number | MessageRef | { items: MessageParam[] };
export type MessageParams = Record<string, MessageParam>;

/**
 * A message kept to be put in words later, in the reader's language: what a background job (no
 * request, so no language) stores of a failure, rendered by `renderStoredMessage` when a person reads it.
 */
export interface MessageRef {
  message: MessageKey;
  params?: MessageParams;
}

const catalogue = {
  // HTTP statuses (spec §8 catalogue).
  badRequest: { 'zh-chs': '请求错误', en: 'Bad request' },
  loginExpired: { 'zh-chs': '登录已过期，请重新登录', en: 'Login expired, please log in again' },
  accessDenied: { 'zh-chs': '拒绝访问', en: 'Access denied' },
  notFound: { 'zh-chs': '请求地址出错', en: 'Request address error' },
  internalError: { 'zh-chs': '服务器内部错误', en: 'Internal server error' },
  notImplemented: { 'zh-chs': '服务未实现', en: 'Service not implemented' },

  // Requests the contract forbids.
  missingField: { 'zh-chs': '请求错误：缺少必填字段 {field}', en: 'Bad request: the required field {field} is missing' },
  fieldNotAllowed: { 'zh-chs': '请求错误：不允许的字段 {field}', en: 'Bad request: the field {field} is not allowed' },
  wrongType: { 'zh-chs': '请求错误：字段 {field} 的类型应为 {type}', en: 'Bad request: the field {field} must be of type {type}' },
  invalidField: { 'zh-chs': '请求错误：字段 {field} 无效（{detail}）', en: 'Bad request: the field {field} is invalid ({detail})' },
  fieldBelowMinimum: { 'zh-chs': '请求错误：字段 {field} 不能小于 {limit}', en: 'Bad request: the field {field} must be at least {limit}' },
  fieldNotAbove: { 'zh-chs': '请求错误：字段 {field} 必须大于 {limit}', en: 'Bad request: the field {field} must be greater than {limit}' },
  fieldAboveMaximum: { 'zh-chs': '请求错误：字段 {field} 不能大于 {limit}', en: 'Bad request: the field {field} must be at most {limit}' },
  fieldNotBelow: { 'zh-chs': '请求错误：字段 {field} 必须小于 {limit}', en: 'Bad request: the field {field} must be less than {limit}' },
  fieldTooLong: { 'zh-chs': '请求错误：字段 {field} 不能超过 {limit} 个字符', en: 'Bad request: the field {field} must not be longer than {limit} characters' },
  fieldTooShort: { 'zh-chs': '请求错误：字段 {field} 至少需要 {limit} 个字符', en: 'Bad request: the field {field} must be at least {limit} characters long' },
  fieldTooManyItems: { 'zh-chs': '请求错误：字段 {field} 最多 {limit} 项', en: 'Bad request: the field {field} must not hold more than {limit} items' },
  fieldTooFewItems: { 'zh-chs': '请求错误：字段 {field} 至少需要 {limit} 项', en: 'Bad request: the field {field} must hold at least {limit} items' },
  fieldWrongFormat: { 'zh-chs': '请求错误：字段 {field} 的格式应为 {format}', en: 'Bad request: the field {field} must be in the format {format}' },
  fieldNotOneOf: { 'zh-chs': '请求错误：字段 {field} 应为以下值之一：{values}', en: 'Bad request: the field {field} must be one of: {values}' },
  fieldPatternMismatch: { 'zh-chs': '请求错误：字段 {field} 的格式不正确', en: 'Bad request: the field {field} does not have the expected form' },
  bodyNotObject: { 'zh-chs': '请求错误：请求体缺失或不是 JSON 对象', en: 'Bad request: the request body is missing or not a JSON object' },
  nulCharacter: { 'zh-chs': '请求错误：字段 {field} 含有不允许的空字符（NUL）', en: 'Bad request: the field {field} contains a NUL character, which is not allowed' },
  invalidJson: { 'zh-chs': '请求错误：请求体不是有效的 JSON', en: 'Bad request: the request body is not valid JSON' },
  multipartRequired: { 'zh-chs': '请求错误：请求体应为 multipart/form-data 表单', en: 'Bad request: the body must be a multipart/form-data form' },

  // Login (legacy shape, HTTP 200).
  captchaTooMany: { 'zh-chs': '获取验证码过于频繁，请稍后再试', en: 'Too many verification codes were requested; try again later' },
  captchaWrong: { 'zh-chs': '验证码错误或已过期', en: 'The verification code is wrong or has expired' },
  organizationRequired: { 'zh-chs': '请选择组织', en: 'Please choose an organisation' },
  organizationNotAllowed: { 'zh-chs': '该用户不属于所选组织', en: 'This user does not belong to the chosen organisation' },
  wrongCredentials: {
    'zh-chs': '用户名或密码错误，再错{remaining}次账户将被锁定',
    en: 'Wrong user name or password; {remaining} more wrong attempts lock the account',
  },
  loginLocked: {
    'zh-chs': '密码连续错误{count}次，账户已锁定，请{minutes}分钟后再试',
    en: 'The password was wrong {count} times in a row; the account is locked, try again in {minutes} minutes',
  },
  accountLocked: { 'zh-chs': '账户已被管理员锁定，请联系管理员', en: 'This account is locked by an administrator; contact your administrator' },
  accountUnavailable: { 'zh-chs': '账户已停用', en: 'This account is disabled' },

  // Single sign-on.
  ticketInvalid: { 'zh-chs': '票据无效或已过期', en: 'The ticket is invalid or has expired' },

  // Password change (spec §5 rules and messages).
  oldPasswordRequired: { 'zh-chs': '请输入旧密码', en: 'Please enter the old password' },
  passwordRequired: { 'zh-chs': '请输入密码', en: 'Please enter the password' },
  passwordLength: { 'zh-chs': '密码长度必须大于3且小于33', en: 'The password must be longer than 3 and smaller than 33' },
  passwordAgainRequired: { 'zh-chs': '请再次输入新密码', en: 'Please enter new password again' },
  passwordsDiffer: { 'zh-chs': '两次输入的密码不一致!', en: 'The passwords entered twice are inconsistent!' },
  oldPasswordWrong: { 'zh-chs': '旧密码错误', en: 'The old password is wrong' },
  passwordChanged: { 'zh-chs': '修改成功，请重新登录', en: 'Successful modification, please log in again' },

  // Lists: settings, saved searches, column config, dropdowns and list data (ListParam/*).
  listUnknown: { 'zh-chs': '未知的列表 {route}', en: 'Unknown list {route}' },
  listSourceMissing: { 'zh-chs': '列表 {route} 的数据源 {source} 不存在', en: 'The data source {source} of the list {route} does not exist' },
  listFieldNotConfigured: {
    'zh-chs': '字段 {field} 不是该列表配置的查询字段',
    en: 'The field {field} is not a search field configured for this list',
  },
  listFieldNotInSource: { 'zh-chs': '字段 {field} 不是该列表数据源中的列', en: "The field {field} is not a column of this list's data source" },
  listSortFieldNotAllowed: { 'zh-chs': '不能按 {field} 排序：它不是该列表的列', en: 'Cannot sort by {field}: it is not a column of this list' },
  listNumberInvalid: { 'zh-chs': '查询条件 {field} 的值 “{value}” 不是有效的数字', en: 'The value "{value}" of the condition {field} is not a valid number' },
  listDateInvalid: { 'zh-chs': '查询条件 {field} 的值 “{value}” 不是有效的日期', en: 'The value "{value}" of the condition {field} is not a valid date' },
  listValueInvalid: { 'zh-chs': '查询条件 {field} 的值无效：{detail}', en: 'The value of the condition {field} is invalid: {detail}' },
  listValueMismatch: { 'zh-chs': '查询值与字段的类型不符', en: 'A search value does not fit the type of its field' },
  listActionNotForDataType: {
    'zh-chs': '查询条件 {field}：多值字段不支持大于、小于类比较',
    en: 'The condition {field}: greater and less comparisons do not apply to several values',
  },
  listUnpagedTooLarge: {
    'zh-chs': '不分页查询的结果超过 {max} 行，请缩小查询范围',
    en: 'The unpaged search finds more than {max} rows; narrow the search',
  },
  listQueryTimeout: { 'zh-chs': '查询超时，请缩小查询范围', en: 'The query took too long; narrow the search' },
  // Configured SQL (server/query/configured-sql.ts, read-only.ts): never the database's own error text, which can carry data.
  listSqlInvalid: { 'zh-chs': '{name} 配置的 SQL 无法执行（SQLSTATE {code}）', en: 'The SQL configured for {name} cannot run (SQLSTATE {code})' },
  listSqlDenied: { 'zh-chs': '{name} 配置的 SQL 无法执行：读取了报表不允许读取的数据', en: 'The SQL configured for {name} cannot run: it reads data reports may not read' },
  listSqlUnknownTable: { 'zh-chs': '{name} 配置的 SQL 无法执行：引用了不存在的表', en: 'The SQL configured for {name} cannot run: it names a table that does not exist' },
  listSqlUnknownColumn: { 'zh-chs': '{name} 配置的 SQL 无法执行：引用了不存在的列', en: 'The SQL configured for {name} cannot run: it names a column that does not exist' },
  listSqlTypeMismatch: { 'zh-chs': '{name} 配置的 SQL 无法执行：函数或运算符不接受这些参数类型', en: 'The SQL configured for {name} cannot run: a function or operator does not take these argument types' },
  listSqlShape: { 'zh-chs': '{name} 配置的 SQL 无法执行：返回的列与用法不符（例如子查询须只返回一列）', en: 'The SQL configured for {name} cannot run: its columns do not fit how it is used (e.g. a sub-query returns one column)' },
  configuredSqlSyntax: { 'zh-chs': '{name} 配置的 SQL 有语法错误', en: 'The SQL configured for {name} has a syntax error' },
  configuredSqlNotOneSelect: { 'zh-chs': '{name} 配置的 SQL 必须是一条 SELECT 查询', en: 'The SQL configured for {name} must be one SELECT query' },
  configuredSqlFunction: { 'zh-chs': '{name} 配置的 SQL 不允许调用函数 {detail}', en: 'The SQL configured for {name} may not call the function {detail}' },
  configuredSqlRelation: { 'zh-chs': '{name} 配置的 SQL 不允许读取 {detail}', en: 'The SQL configured for {name} may not read {detail}' },
  configuredSqlCast: { 'zh-chs': '{name} 配置的 SQL 不允许转换为类型 {detail}', en: 'The SQL configured for {name} may not cast to the type {detail}' },
  configuredSqlConstruct: { 'zh-chs': '{name} 配置的 SQL 不允许使用 {detail}', en: 'The SQL configured for {name} may not use {detail}' },
  // The report framework (issue 21, server/modules/reports).
  reportNotFound: { 'zh-chs': '报表 {code} 不存在', en: 'The report {code} does not exist' },
  reportExists: { 'zh-chs': '报表编码 {code} 已存在', en: 'The report code {code} is in use' },
  reportCodeInvalid: { 'zh-chs': '报表编码 {code} 无效：须以字母开头，只含字母、数字和下划线，最多 40 个字符', en: 'The report code {code} is not valid: a letter first, then letters, digits and underscores, at most 40 characters' },
  reportParentMissing: { 'zh-chs': '上级报表 {code} 不存在', en: 'The parent report {code} does not exist' },
  reportTooDeep: { 'zh-chs': '报表最多三级（报表、子报表、孙报表）', en: 'Reports go three levels deep at most (report, child, grandchild)' },
  richTextTooManyImages: { 'zh-chs': '帮助文档最多只能包含 {max} 张图片', en: 'A help document may hold at most {max} image' },
  noticeTooManyImages: { 'zh-chs': '通知公告最多只能包含 {max} 张图片', en: 'A notice may hold at most {max} image' },
  reportHasChildren: { 'zh-chs': '报表 {code} 有子报表，不能删除', en: 'The report {code} has child reports and cannot be deleted' },
  reportSqlMissing: { 'zh-chs': '报表 {code} 还没有配置 SQL', en: 'The report {code} has no SQL configured yet' },
  reportParamName: { 'zh-chs': '参数名 {name} 无效：须以小写字母开头，只含小写字母、数字和下划线，且不能是 value、org_id、user_name', en: 'The parameter name {name} is not valid: a lower-case letter first, then lower-case letters, digits and underscores, and not value, org_id or user_name' },
  reportParamDuplicate: { 'zh-chs': '参数名 {name} 重复', en: 'The parameter name {name} is used twice' },
  reportParamType: { 'zh-chs': '参数 {name} 的类型无效：须为文本、数字或日期', en: 'The parameter {name} has no valid type: text, number or date' },
  reportColumnUnknown: { 'zh-chs': '报表的 SQL 没有返回列 {field}', en: 'The report\'s SQL returns no column {field}' },
  reportDrillParamUnknown: { 'zh-chs': '子报表的参数 {name} 不存在', en: 'The child report has no parameter {name}' },
  reportMenuButtonMissing: { 'zh-chs': '把报表放入菜单需要菜单管理的“新增/编辑”按钮', en: 'Placing a report in the menu needs the Add / edit button of Menu management' },
  menuPlacementNotGroup: { 'zh-chs': '菜单位置须为门户菜单中的一个分组', en: 'The menu placement must be a group of the portal menu' },
  listTooManyConditions: { 'zh-chs': '查询条件过多：最多 {max} 个', en: 'Too many search conditions: at most {max}' },
  listTooManyValues: { 'zh-chs': '查询条件 {field} 的值过多：最多 {max} 个', en: 'The condition {field} has too many values: at most {max}' },
  listTooManyPatterns: {
    'zh-chs': '模糊查询的值过多：所有模糊匹配（包含、开头是）的值合计最多 {max} 个',
    en: 'Too many "like" values: all "contains" and "starts with" conditions together may have at most {max} values',
  },
  listPatternsTooLong: {
    'zh-chs': '模糊查询的内容过长：所有模糊匹配（包含、开头是）的值合计最多 {max} 个字符',
    en: 'The search is too long: all "contains" and "starts with" values together may have at most {max} characters',
  },
  databaseBusy: { 'zh-chs': '服务器繁忙，请稍后再试', en: 'The server is busy; please try again in a moment' },
  liveStreamsPerUser: { 'zh-chs': '实时更新连接过多（每个用户最多 {limit} 个），请关闭一些页面后重试', en: 'Too many live-update connections (at most {limit} per user); close some tabs and try again' },
  liveStreamsFull: { 'zh-chs': '服务器的实时更新连接已满，请稍后再试', en: 'The server has no room for more live-update connections; please try again later' },
  listParamNotFound: { 'zh-chs': '该列表没有查询参数 {name}', en: 'This list has no search parameter {name}' },
  listNotDropdown: { 'zh-chs': '查询参数 {name} 没有配置下拉数据源（REFERENCE_SQL）', en: 'The search parameter {name} has no dropdown source (REFERENCE_SQL)' },
  listDropdownNoCode: { 'zh-chs': '{name} 的下拉数据源 SQL 必须返回 CODE 列', en: 'The dropdown SQL of {name} must return a CODE column' },
  listDropdownOrderInvalid: { 'zh-chs': '下拉列表只能按 CODE 或 NAME 排序', en: 'Dropdown options can only be sorted by CODE or NAME' },
  listMixedRoutes: { 'zh-chs': '一次只能保存同一个列表的配置', en: 'One call saves the configuration of one list only' },
  listRouteMismatch: { 'zh-chs': '条件的 LIST_ROUTE 与请求的列表 {route} 不一致', en: 'A condition names another list than {route}' },
  listSettingNotFound: { 'zh-chs': '配置项 {id} 不存在', en: 'The setting {id} does not exist' },
  listParamNameTaken: { 'zh-chs': '字段(参数名) {name} 已存在', en: 'The parameter name {name} is already used in this list' },
  listColumnDuplicate: { 'zh-chs': '列 {field} 重复配置', en: 'The column {field} is configured twice' },
  listButtonMissing: { 'zh-chs': '没有该列表的 {button} 按钮权限', en: 'You do not have the {button} button of this list' },
  sqlConfigButtonMissing: {
    'zh-chs': '只有拥有“SQL配置”按钮权限的用户可以保存 SQL（{param} 的 {field}）',
    en: 'Only users with the SQL configuration button may save SQL ({field} of {param})',
  },
  listImportInvalid: { 'zh-chs': '导入文件无效：{detail}', en: 'The import file is invalid: {detail}' },
  listImportEmpty: { 'zh-chs': '导入文件中没有配置项', en: 'The import file holds no settings' },

  // Master data (server/crud): spec §5 rules and §8 notices.
  masterInvalid: { 'zh-chs': '{detail}', en: '{detail}' },
  masterRequired: { 'zh-chs': '请输入{field}', en: 'Please enter {field}' },
  masterUnique: { 'zh-chs': '{field} “{value}” 已存在', en: '{field} "{value}" already exists' },
  masterRefMissing: { 'zh-chs': '{field} “{value}” 不存在', en: '{field} "{value}" does not exist' },
  masterRefDisabled: { 'zh-chs': '{field} “{value}” 已停用', en: '{field} "{value}" is disabled' },
  masterNotNumber: { 'zh-chs': '{field} 必须是数字', en: '{field} must be a number' },
  masterNotInteger: { 'zh-chs': '{field} 必须是整数', en: '{field} must be a whole number' },
  masterNotPositive: { 'zh-chs': '{field} 必须大于0', en: '{field} must be greater than 0' },
  masterOutOfRange: { 'zh-chs': '{field} 超出允许的范围', en: '{field} is out of range' },
  masterSameAs: { 'zh-chs': '{field} 不能与 {other} 相同', en: '{field} must differ from {other}' },
  masterNotDate: { 'zh-chs': '{field} 不是有效的日期', en: '{field} is not a valid date' },
  masterNotBool: { 'zh-chs': '{field} 只能是 Y 或 N', en: '{field} must be Y or N' },
  masterTooLong: { 'zh-chs': '{field} 不能超过{max}个字符', en: '{field} must not be longer than {max} characters' },
  masterInUse: { 'zh-chs': '该记录正在使用中，不能删除', en: 'This record is in use and cannot be deleted' },
  masterCodeInHistory: {
    'zh-chs': '该记录的编码已被历史记录（如新旧对照）引用，不能修改',
    en: "This record's code is named in history (such as an old-to-new mapping) and cannot be changed",
  },
  masterUnchanged: { 'zh-chs': '数据未改动！', en: 'The data has not changed!' },
  masterStale: {
    'zh-chs': '该记录已被其他人修改，请刷新后重新编辑',
    en: 'Someone else changed this record in the meantime; reload it and edit again',
  },
  masterVersionRequired: { 'zh-chs': '修改记录时必须提供版本号 version', en: 'Editing a record needs its version' },
  masterNotFound: { 'zh-chs': '记录不存在或已被删除', en: 'The record does not exist or was deleted' },
  masterSaved: { 'zh-chs': '保存成功', en: 'Saved successfully' },
  masterDeleted: { 'zh-chs': '删除成功', en: 'Deleted successfully' },
  masterImported: { 'zh-chs': '导入成功，共 {count} 行', en: 'Rows imported: {count}' },
  masterImportRejected: {
    'zh-chs': '导入失败：{count} 行有错误，未写入任何数据，请下载错误报告',
    en: 'Import failed: rows with errors: {count}. Nothing was written; download the error report',
  },
  masterImportFileType: { 'zh-chs': '文件类型或大小错误：请上传 .xlsx 文件', en: 'Wrong file type or size: upload an .xlsx file' },
  masterImportTooLarge: { 'zh-chs': '文件类型或大小错误：文件不能超过 {max} MB', en: 'Wrong file type or size: the file must not exceed {max} MB' },
  masterImportEmpty: { 'zh-chs': '数据为空', en: 'The file holds no data' },
  masterImportInflatedTooLarge: { 'zh-chs': '文件类型或大小错误：解压后的内容不能超过 {max} MB', en: 'Wrong file type or size: the unpacked content must not exceed {max} MB' },
  masterImportTooManyEntries: { 'zh-chs': '文件类型或大小错误：文件中的条目不能超过 {max} 个', en: 'Wrong file type or size: the file must not hold more than {max} entries' },
  importBusy: { 'zh-chs': '服务器正忙：同时进行的导入过多，请稍后再试', en: 'The server is busy: too many imports at once, please try again later' },
  uploadJsonFileType: { 'zh-chs': '上传失败：文件类型或大小错误，请上传 .json 文件', en: 'Upload failed: wrong file type or size, upload a .json file' },
  masterImportUnknownColumn: { 'zh-chs': '第1行的列 “{column}” 不是可导入的字段', en: 'The column "{column}" of row 1 is not a field that can be imported' },
  masterImportRow: { 'zh-chs': '第 {row} 行：', en: 'Row {row}: ' },
  masterImportDuplicate: { 'zh-chs': '与第 {row} 行重复', en: 'duplicates row {row}' },
  masterImportErrorColumn: { 'zh-chs': '错误信息', en: 'Errors' },

  // Administration (issue 5): users, roles, menus, organisations, environment config (spec §5, §8).
  userExists: { 'zh-chs': '该用户已存在', en: 'The user already exists' },
  userExportFileName: { 'zh-chs': '用户', en: 'Users' },
  userCannotLockSelf: { 'zh-chs': '不能锁定自己的账户', en: 'You cannot lock your own account' },
  userCannotDeleteSelf: { 'zh-chs': '不能删除自己的账户', en: 'You cannot delete your own account' },
  userOrganizationRequired: { 'zh-chs': '请至少选择一个组织', en: 'Choose at least one organisation' },
  userPasswordRequiredOnAdd: { 'zh-chs': '修改用户时不能在此设置密码，请使用重置密码', en: 'Passwords of existing users are changed with Reset password' },
  adminUnknownRole: { 'zh-chs': '角色 {id} 不存在', en: 'The role {id} does not exist' },
  adminUnknownOrganization: { 'zh-chs': '组织 {id} 不存在', en: 'The organisation {id} does not exist' },
  // Privilege rules (issue 11): nobody grants what they do not hold; super administrators are acted on by their peers only.
  privilegeRoleType: { 'zh-chs': '拒绝访问：不能授予高于自己的角色类型', en: 'Access denied: you cannot grant a role type above your own' },
  privilegeSuperAdminTarget: {
    'zh-chs': '拒绝访问：只有超级管理员可以操作超级管理员及其角色',
    en: 'Access denied: only a super administrator may act on a super administrator or their role',
  },
  privilegeBuiltInAdmin: {
    'zh-chs': '拒绝访问：内置管理员 ADMIN 不能被他人锁定、停用、删除或取消超级管理员角色',
    en: 'Access denied: no one else may lock, disable, delete or demote the built-in ADMIN',
  },
  privilegeMenu: { 'zh-chs': '拒绝访问：不能授予自己没有的菜单或按钮 {id}', en: 'Access denied: you cannot grant the menu or button {id}, which you do not have' },
  roleNameExists: { 'zh-chs': '该角色名称已存在', en: 'A role with this name already exists' },
  roleSystemDefault: { 'zh-chs': '系统默认角色不能删除', en: 'A system-default role cannot be deleted' },
  roleUnknownMenu: { 'zh-chs': '菜单 {id} 不存在或不属于该终端', en: 'The menu {id} does not exist or belongs to another terminal' },
  roleUnknownButton: { 'zh-chs': '按钮 {id} 不存在或其菜单未选中', en: 'The button {id} does not exist or its menu is not chosen' },
  menuLinkExists: { 'zh-chs': '该路由地址已存在', en: 'This route address already exists' },
  menuCodeExists: { 'zh-chs': '菜单编码 {code} 已存在', en: 'The menu code {code} already exists' },
  menuOwnParent: { 'zh-chs': '菜单不能是自己的上级菜单', en: 'A menu cannot be its own parent' },
  menuParentIsDescendant: { 'zh-chs': '不能把菜单移到它自己的下级菜单之下', en: 'A menu cannot be moved under one of its own submenus' },
  menuParentOtherTerminal: { 'zh-chs': '上级菜单属于其他终端', en: 'The parent menu belongs to another terminal' },
  menuButtonExists: { 'zh-chs': '该菜单已有按钮编码 {code}', en: 'This menu already has a button with the code {code}' },
  organizationCodeExists: { 'zh-chs': '组织编码 {code} 已存在', en: 'The organisation code {code} already exists' },
  organizationOwnParent: { 'zh-chs': '组织不能是自己的上级组织', en: 'An organisation cannot be its own parent' },
  organizationParentIsDescendant: { 'zh-chs': '不能把组织移到它自己的下级组织之下', en: 'An organisation cannot be moved under one of its own sub-organisations' },
  versionExists: { 'zh-chs': '版本号 {version} 已存在', en: 'The version {version} already exists' },
  // A unique key server/http/unique-violations.ts has no message of its own for.
  recordExists: { 'zh-chs': '该记录已存在', en: 'This record already exists' },
  organizationTypeCodeExists: { 'zh-chs': '组织类型编码 {code} 已存在', en: 'The organisation type code {code} already exists' },
  // Spec §5 writes this message in English only; it is shown as written in both languages.
  envConfigUrlInvalid: { 'zh-chs': 'API address configuration format is wrong', en: 'API address configuration format is wrong' },
  envConfigExists: { 'zh-chs': '环境 {env} 已有变量 {name}', en: 'The environment {env} already has the variable {name}' },
  // Tools files, download centre and Excel import (spec §2 administration, §5 upload checks).
  toolFileRequired: { 'zh-chs': '请选择要上传的文件', en: 'Choose the file to upload' },
  toolFileEmpty: { 'zh-chs': '文件类型或大小错误：文件为空', en: 'Wrong file type or size: the file is empty' },
  toolFileType: {
    'zh-chs': '文件类型或大小错误：不支持 “{ext}” 文件，允许的类型：{allowed}',
    en: 'Wrong file type or size: "{ext}" files are not accepted; allowed types: {allowed}',
  },
  toolFileExists: { 'zh-chs': '工具文件 {name} 的版本 {version} 已存在', en: 'The tool file {name} already has the version {version}' },
  toolFileNameRequired: { 'zh-chs': '请输入名称', en: 'Please enter the name' },
  toolFileVersionRequired: { 'zh-chs': '请输入版本号', en: 'Please enter the version' },
  excelImportTemplateName: { 'zh-chs': '{title}导入模板', en: '{title} import template' },
  excelImportUnknownTarget: { 'zh-chs': '导入对象 {target} 不存在', en: 'There is no import target {target}' },
  // ---- Outbound bill actions (issue 14; server/modules/bills/outbound.ts, helper billout): reserve, pick,
  // cancel, close, move stock, handover, post line, light on/off. Kept in this one block.
  billOutActionPick: { 'zh-chs': '拣货', en: 'picked' },
  billOutPartNotOnBill: {
    'zh-chs': '条码 {reel} 的料号 {part} 不在单据 {bill} 的任何行上',
    en: 'The reel {reel} holds the part {part}, which no line of the bill {bill} asks for',
  },
  billOutPartSatisfied: {
    'zh-chs': '单据 {bill} 料号 {part} 的行已拣够，不能再拣',
    en: 'The bill {bill} has picked all it needs of the part {part}: nothing more can be picked',
  },
  billOutWrongPlace: {
    'zh-chs': '条码 {reel} 在 {sic} {loc}，单据 {bill} 料号 {part} 的行要求从 {from} 拣货',
    en: 'The reel {reel} is in {sic} {loc}, but the bill {bill} picks the part {part} from {from}',
  },
  billOutReelExpired: { 'zh-chs': '条码 {reel} 已于 {date} 过期，不能拣货', en: 'The reel {reel} expired on {date}: it cannot be picked' },
  billOutReelNotPicked: { 'zh-chs': '条码 {reel} 未在单据 {bill} 上拣货', en: 'The reel {reel} has not been picked on the bill {bill}' },
  billOutLinePosted: {
    'zh-chs': '单据 {bill} 第 {line} 行已过账到 ERP，不能取消发料',
    en: 'The line {line} of the bill {bill} has been posted to the ERP: its issue cannot be cancelled',
  },
  billOutNothingPicked: { 'zh-chs': '单据 {bill} 没有已拣货的条码', en: 'The bill {bill} has no picked reel' },
  billOutNoStock: {
    'zh-chs': '单据 {bill} 没有可预留的库存：{parts}',
    en: 'There is no available stock to reserve for the bill {bill}: {parts}',
  },
  billOutNoDestination: {
    'zh-chs': '单据 {bill} 第 {line} 行没有目标存储地点，不能移库',
    en: 'The line {line} of the bill {bill} has no destination storage location: its reels cannot be moved',
  },
  billOutNothingToPost: {
    'zh-chs': '单据 {bill} 第 {line} 行没有可过账的数量',
    en: 'The line {line} of the bill {bill} has no quantity to post',
  },
  // ---- end of the outbound bill actions' block.
  // The stock ledger (issue 14; server/modules/stock/ledger.ts): every refusal of a stock change, with what was found.
  reelStatusCreated: { 'zh-chs': '未收货', en: 'not received' },
  reelStatusInspection: { 'zh-chs': '待检验', en: 'pending inspection' },
  reelStatusInStock: { 'zh-chs': '在库', en: 'in stock' },
  reelStatusIssued: { 'zh-chs': '已发料', en: 'issued' },
  reelStatusScrapped: { 'zh-chs': '已报废', en: 'scrapped' },
  stockQtyInvalid: {
    'zh-chs': '数量 {qty} 无效：必须大于 0，最多 12 位整数和 6 位小数',
    en: 'The quantity {qty} is invalid: it must be greater than 0, with at most 12 digits before and 6 after the decimal point',
  },
  stockReelNotFound: { 'zh-chs': '条码 {reel} 不存在', en: 'The reel {reel} does not exist' },
  shelfRackNotFound: { 'zh-chs': '电子料架 {rack} 不存在', en: 'The electronic rack {rack} does not exist' },
  shelfNoFreeCell: {
    'zh-chs': '存储地点 {sic} 的电子料架没有空储位，无法指引上架',
    en: 'The electronic racks of the storage location {sic} have no free cell to put the reel in',
  },
  shelfSuggestWhichLine: { 'zh-chs': '请给出单据 {bill} 的行号或它的一个条码', en: 'Name a line of the bill {bill} or one of its reels' },
  stockReelExists: { 'zh-chs': '条码 {reel} 已存在', en: 'The reel {reel} already exists' },
  stockReelCodeMissing: { 'zh-chs': '条码 {reel} 未登记，收货时须给出料号', en: 'The reel {reel} is not registered: its receipt must name the part' },
  stockPartMismatch: { 'zh-chs': '条码 {reel} 的料号是 {actual}，不是 {expected}', en: 'The reel {reel} holds the part {actual}, not {expected}' },
  stockPartUnknown: { 'zh-chs': '料号 {part} 不存在', en: 'The part {part} does not exist' },
  stockPartDisabled: { 'zh-chs': '料号 {part} 已停用', en: 'The part {part} is disabled' },
  stockVendorUnknown: { 'zh-chs': '供应商 {vendor} 不存在', en: 'The vendor {vendor} does not exist' },
  stockVendorDisabled: { 'zh-chs': '供应商 {vendor} 已停用', en: 'The vendor {vendor} is disabled' },
  stockSicUnknown: { 'zh-chs': '存储地点 {sic} 不存在', en: 'The storage location {sic} does not exist' },
  stockLocUnknown: { 'zh-chs': '库位 {loc} 不属于存储地点 {sic}', en: 'The locator {loc} does not belong to the storage location {sic}' },
  stockReelWrongStatus: {
    'zh-chs': '条码 {reel} 的状态是“{status}”，不能{action}',
    en: 'The reel {reel} is {status}: it cannot be {action}',
  },
  stockReelReservedByOther: { 'zh-chs': '条码 {reel} 已被单据 {bill} 预留', en: 'The reel {reel} is reserved by the bill {bill}' },
  stockReelQtyShort: {
    'zh-chs': '条码 {reel} 可{action}数量为 {available}，不足 {qty}',
    en: 'The reel {reel} has {available} that can be {action}, less than {qty}',
  },
  stockSplitQtyTooLarge: {
    'zh-chs': '条码 {reel} 数量为 {available}，拆出数量 {qty} 必须小于它',
    en: 'The reel {reel} holds {available}: the quantity split off, {qty}, must be less',
  },
  stockSamePlace: { 'zh-chs': '条码 {reel} 已在 {sic} {loc}', en: 'The reel {reel} is in {sic} {loc} already' },
  stockBillRequired: { 'zh-chs': '预留库存须指明单据', en: 'A reservation must name its bill' },
  stockTransactionNotFound: { 'zh-chs': '库存交易 {id} 不存在', en: 'The stock transaction {id} does not exist' },
  stockNotReversible: { 'zh-chs': '库存交易 {id}（{kind}）不能冲销', en: 'The stock transaction {id} ({kind}) cannot be reversed' },
  stockMovedSince: {
    'zh-chs': '条码 {reel} 在库存交易 {id} 之后已有变动，不能冲销',
    en: 'The reel {reel} has changed since the stock transaction {id}: it cannot be reversed',
  },
  stockBalanceRefused: {
    'zh-chs': '库存不足：{part} 在 {sic} {loc} 批次 {lot} 的库存不能为负，预留不能超过在库数量',
    en: 'Not enough stock: {part} in {sic} {loc} lot {lot} cannot go negative or be reserved beyond what is on hand',
  },
  stockBusy: { 'zh-chs': '库存正被其他操作修改，请重试', en: 'The stock is being changed by another operation; try again' },
  stockActionReceive: { 'zh-chs': '收货', en: 'received' },
  stockActionRelease: { 'zh-chs': '检验放行', en: 'released from inspection' },
  stockActionReserve: { 'zh-chs': '预留', en: 'reserved' },
  stockActionUnreserve: { 'zh-chs': '取消预留', en: 'unreserved' },
  stockActionIssue: { 'zh-chs': '发料', en: 'issued' },
  stockActionTransfer: { 'zh-chs': '调拨', en: 'transferred' },
  stockActionScrap: { 'zh-chs': '报废', en: 'scrapped' },
  stockActionSplit: { 'zh-chs': '拆盘', en: 'split' },
  stockActionRelot: { 'zh-chs': '修改批次', en: 'given another lot' },
  stockReelReservedLot: {
    'zh-chs': '条码 {reel} 已被单据 {bill} 预留，不能修改批次',
    en: 'The reel {reel} is reserved by the bill {bill}: its lot cannot be changed',
  },
  stockLotUnchanged: { 'zh-chs': '条码 {reel} 的批次已是 {lot}', en: 'The reel {reel} is in the lot {lot} already' },
  // ---- Reels: generation without a bill and editing (issue 17; server/modules/stock/reels.ts).
  reelGenerateCount: {
    'zh-chs': '生成数量 {count} 无效：须为 1 到 {max} 的整数',
    en: 'The number of reels {count} is invalid: it must be a whole number from 1 to {max}',
  },
  reelEditClosed: {
    'zh-chs': '条码 {reel} 的状态是“{status}”，不能修改',
    en: 'The reel {reel} is {status}: it cannot be edited',
  },
  reelEditNothing: { 'zh-chs': '没有要修改的内容', en: 'Nothing to change' },
  billReelQtyOverLine: {
    'zh-chs': '条码 {reel} 数量 {qty} 超过单据 {bill} 料号 {part} 的待收数量 {remaining}',
    en: 'The reel {reel} holds {qty}, more than the {remaining} of the part {part} the bill {bill} still expects',
  },

  // ---- Bills: the engine (issue 14; server/modules/bills, helper "bills"). Statuses, actions and fields by name:
  ...BILL_MESSAGES,
  ...LABEL_MESSAGES,
  ...EQUIPMENT_MESSAGES,
  ...STOCKTAKE_MESSAGES,
  ...MSD_MESSAGES,
  ...AUX_MESSAGES,
  ...PORTAL_MESSAGES,
  billNotFound: { 'zh-chs': '单据 {id} 不存在', en: 'The bill {id} does not exist' },
  billWrongStatus: {
    'zh-chs': '单据 {bill} 的状态是“{status}”，不能{action}',
    en: 'The bill {bill} is "{status}": "{action}" is not possible in that status',
  },
  billActionNotOffered: {
    'zh-chs': '单据类型 {type} 不提供“{action}”',
    en: 'The bill type {type} does not offer "{action}"',
  },
  billTypeUnknown: { 'zh-chs': '单据类型 {type} 不存在', en: 'The bill type {type} does not exist' },
  billTypeDisabled: { 'zh-chs': '单据类型 {type} 已停用', en: 'The bill type {type} is disabled' },
  billTypeCategoryUnknown: {
    'zh-chs': '单据类型 {type} 的类别“{category}”无效',
    en: 'The bill type {type} has an invalid category "{category}"',
  },
  billTypeMismatch: { 'zh-chs': '单据 {bill} 的类型是 {actual}，不是 {expected}', en: 'The bill {bill} is of the type {actual}, not {expected}' },
  billHeaderRequired: { 'zh-chs': '请输入{field}', en: '{field} is required' },
  billHeaderCodeUnknown: { 'zh-chs': '{field} {code} 不存在', en: '{field} {code} does not exist' },
  billHeaderCodeDisabled: { 'zh-chs': '{field} {code} 已停用', en: '{field} {code} is disabled' },
  billFieldNotOnType: { 'zh-chs': '单据类型 {type} 的表单没有“{field}”', en: 'The form of the bill type {type} has no "{field}"' },
  billLinesRequired: { 'zh-chs': '单据至少需要一行', en: 'A bill needs at least one line' },
  billLineNoDuplicate: { 'zh-chs': '行号 {line} 重复', en: 'The line number {line} appears twice' },
  billLineRequired: { 'zh-chs': '第 {line} 行：请输入{field}', en: 'Line {line}: {field} is required' },
  billLinePartUnknown: { 'zh-chs': '第 {line} 行：料号 {part} 不存在', en: 'Line {line}: the part {part} does not exist' },
  billLinePartDisabled: { 'zh-chs': '第 {line} 行：料号 {part} 已停用', en: 'Line {line}: the part {part} is disabled' },
  billLineQtyInvalid: {
    'zh-chs': '第 {line} 行：数量 {qty} 无效，必须大于 0，最多 12 位整数和 6 位小数',
    en: 'Line {line}: the quantity {qty} is invalid: it must be greater than 0, with at most 12 digits before and 6 after the decimal point',
  },
  billLineMpqInvalid: {
    'zh-chs': '第 {line} 行：最小包装量 {qty} 无效，必须大于 0',
    en: 'Line {line}: the MPQ {qty} is invalid: it must be greater than 0',
  },
  billLineSicUnknown: { 'zh-chs': '第 {line} 行：存储地点 {sic} 不存在', en: 'Line {line}: the storage location {sic} does not exist' },
  billLineSicDisabled: { 'zh-chs': '第 {line} 行：存储地点 {sic} 已停用', en: 'Line {line}: the storage location {sic} is disabled' },
  billLineLocDisabled: { 'zh-chs': '第 {line} 行：库位 {loc} 已停用', en: 'Line {line}: the locator {loc} is disabled' },
  billLineLocUnknown: {
    'zh-chs': '第 {line} 行：库位 {loc} 不属于存储地点 {sic}',
    en: 'Line {line}: the locator {loc} does not belong to the storage location {sic}',
  },
  billLineBuUnknown: { 'zh-chs': '第 {line} 行：业务单元 {bu} 不存在', en: 'Line {line}: the business unit {bu} does not exist' },
  billLineBuDisabled: { 'zh-chs': '第 {line} 行：业务单元 {bu} 已停用', en: 'Line {line}: the business unit {bu} is disabled' },
  billLineNotFound: { 'zh-chs': '单据 {bill} 没有第 {line} 行', en: 'The bill {bill} has no line {line}' },
  billLineNotOpen: {
    'zh-chs': '单据 {bill} 第 {line} 行的状态是“{status}”，不能{action}',
    en: 'Line {line} of the bill {bill} is "{status}": "{action}" is not possible',
  },
  billLineStatusOPEN: { 'zh-chs': '未完成', en: 'Open' },
  billLineStatusCLOSED: { 'zh-chs': '已关闭', en: 'Closed' },
  billLineStatusCANCELLED: { 'zh-chs': '已作废', en: 'Cancelled' },
  billNoMpq: {
    'zh-chs': '第 {line} 行：料号 {part} 没有最小包装量或标准包装，无法生成条码',
    en: 'Line {line}: the part {part} has no MPQ or standard pack: its reels cannot be made',
  },
  billTooManyReels: {
    'zh-chs': '第 {line} 行将生成 {count} 个条码，超过一次最多 {max} 个',
    en: 'Line {line} would make {count} reels, more than the {max} allowed at once',
  },
  billNoReelsToCreate: { 'zh-chs': '单据 {bill} 没有需要生成条码的行', en: 'The bill {bill} has no line that still needs reels' },
  billReelNotOnBill: { 'zh-chs': '条码 {reel} 不属于单据 {bill}', en: 'The reel {reel} does not belong to the bill {bill}' },
  billReelPartNotOnBill: {
    'zh-chs': '条码 {reel} 的料号 {part} 不在单据 {bill} 中',
    en: 'The reel {reel} holds the part {part}, which the bill {bill} does not ask for',
  },
  billLabelNoSerial: {
    'zh-chs': '该标签没有料盘序列号（GS1 (21) 或 ECIA S），无法确定是哪一盘；请先为该行生成条码，贴本系统标签后再扫描',
    en: "The label has no reel serial number (GS1 (21) or ECIA S), so it does not say which reel it is; create the line's reels and scan our own reel labels instead",
  },
  billLabelQtyOverLine: {
    'zh-chs': '标签数量 {qty} 超过单据 {bill} 中料号 {part} 的未收数量 {remaining}',
    en: 'The label says {qty} of {part}, more than the {remaining} the bill {bill} still expects',
  },
  billReelCancelled: { 'zh-chs': '条码 {reel} 在单据 {bill} 中已取消', en: 'The reel {reel} is cancelled on the bill {bill}' },
  billNothingToReceive: { 'zh-chs': '单据 {bill} 没有待收货的条码', en: 'The bill {bill} has no reel waiting to be received' },
  billReelNotReceived: { 'zh-chs': '条码 {reel} 未在单据 {bill} 收货', en: 'The reel {reel} was not received on the bill {bill}' },
  billLineNoSic: { 'zh-chs': '第 {line} 行没有目标存储地点，无法收货', en: 'Line {line} has no storage location to receive into' },
  billHasStock: {
    'zh-chs': '单据 {bill} 已有库存变动，不能作废；请先取消',
    en: 'Stock has moved for the bill {bill}: it cannot be invalidated; cancel those moves first',
  },
  billStatusChangeRefused: {
    'zh-chs': '单据 {bill} 不能从“{from}”变为“{to}”',
    en: 'The bill {bill} cannot go from "{from}" to "{to}"',
  },
  // ---- end of the bill engine's block

  // Barcode parsing rules (issue 17, src/shared/barcodes).
  barcodeEmpty: { 'zh-chs': '请扫描或输入条码', en: 'Scan or enter a barcode' },
  barcodeNoRule: {
    'zh-chs': '没有条码解析规则能识别此条码（供应商：{vendor}），请检查条码或维护条码解析规则',
    en: 'No barcode parsing rule reads this barcode (vendor: {vendor}); check the barcode or the barcode parsing rules',
  },
  barcodeGs1UnknownAi: {
    'zh-chs': 'GS1 条码无效：未知的应用标识符 {ai}',
    en: 'Invalid GS1 barcode: unknown application identifier {ai}',
  },
  barcodeGs1Truncated: {
    'zh-chs': 'GS1 条码无效：应用标识符 ({ai}) 应为 {length} 位，实际为“{value}”',
    en: 'Invalid GS1 barcode: the application identifier ({ai}) needs {length} characters, got "{value}"',
  },
  barcodeGs1Length: {
    'zh-chs': 'GS1 条码无效：应用标识符 ({ai}) 的数据应为 1 到 {max} 个字符，实际为“{value}”（是否缺少分隔符 GS？）',
    en: 'Invalid GS1 barcode: the application identifier ({ai}) takes 1 to {max} characters, got "{value}" (is a GS separator missing?)',
  },
  barcodeGs1NotNumeric: {
    'zh-chs': 'GS1 条码无效：应用标识符 ({ai}) 只能是数字，实际为“{value}”',
    en: 'Invalid GS1 barcode: the application identifier ({ai}) takes digits only, got "{value}"',
  },
  barcodeGs1CheckDigit: {
    'zh-chs': 'GS1 条码无效：应用标识符 ({ai}) 的校验位不对，“{value}”（扫描有误或标签印错）',
    en: 'Invalid GS1 barcode: the check digit of the application identifier ({ai}) is wrong in "{value}" (a misread or a misprinted label)',
  },
  barcodeDateInvalid: { 'zh-chs': '条码中的日期“{value}”无效', en: 'The date "{value}" in the barcode is invalid' },
  barcodeEciaNoDi: {
    'zh-chs': 'ECIA 条码无效：字段“{field}”没有数据标识符',
    en: 'Invalid ECIA barcode: the field "{field}" has no data identifier',
  },
  barcodeRuleSettingsInvalid: {
    'zh-chs': '条码解析规则 {rule} 的设置无效：{detail}',
    en: 'The settings of the barcode parsing rule {rule} are invalid: {detail}',
  },
  jobNotFound: { 'zh-chs': '作业不存在', en: 'The job does not exist' },
  jobNameExists: { 'zh-chs': '已有名为“{name}”的作业', en: 'A job named "{name}" exists already' },
  jobAddressUnknown: { 'zh-chs': '地址“{address}”不是内置任务', en: 'The address "{address}" is not a built-in task' },
  jobTriggerRequired: {
    'zh-chs': '请填写间隔(秒)或 Cron 表达式中的一个（只能一个）',
    en: 'Give either an interval in seconds or a cron expression (exactly one)',
  },
  jobCronInvalid: { 'zh-chs': 'Cron 表达式“{cron}”无效：{detail}', en: 'The cron expression "{cron}" is invalid: {detail}' },
  jobTaskNotImplemented: { 'zh-chs': '内置任务“{address}”尚未实现', en: 'The built-in task "{address}" is not implemented yet' },
  jobRunOrphaned: { 'zh-chs': '运行它的服务器进程已停止，本次运行未完成', en: 'The server process running it stopped; this run did not finish' },
  jobEchoFailed: { 'zh-chs': 'echo 任务按参数 failAttempts 失败（第 {attempt} 次尝试）', en: 'The echo task failed as its failAttempts parameter asks (attempt {attempt})' },
  jobSchedulerUnavailable: { 'zh-chs': '作业调度不可用：{reason}', en: 'The job scheduler is unavailable: {reason}' },
  jobRunning: { 'zh-chs': '作业正在运行，请先停止或取消', en: 'The job is running: stop or cancel it first' },
  jobStarted: { 'zh-chs': '作业已启动', en: 'The job is started' },
  jobStopped: { 'zh-chs': '作业已停止', en: 'The job is stopped' },
  jobRunQueued: { 'zh-chs': '已安排立即运行', en: 'A run is queued now' },
  jobRunCancelled: { 'zh-chs': '已取消 {count} 次运行', en: { one: '{count} run cancelled', other: '{count} runs cancelled' } },
  // The ERP bridge (server/modules/erp).
  erpNotConfigured: { 'zh-chs': '未配置ERP服务：请在服务配置中启用代码为“{service}”的服务', en: 'No ERP service is configured: enable the service with code "{service}" in the service configuration' },
  erpServiceUrlInvalid: { 'zh-chs': 'ERP服务地址“{url}”无效：须为 http 或 https 地址', en: 'The ERP service URL "{url}" is invalid: it must be an http or https URL' },
  erpCallFailed: { 'zh-chs': 'ERP调用失败：{detail}', en: 'The ERP call failed: {detail}' },
  // What went wrong in one call ({call}: its method and path), the detail of erpCallFailed.
  erpCallUnanswered: { 'zh-chs': '{call}：{error}', en: '{call}: {error}' },
  erpCallTimedOut: { 'zh-chs': '{call}：{ms} 毫秒内没有应答', en: '{call}: no answer within {ms} ms' },
  erpAnswerTooLarge: { 'zh-chs': '{call}：应答超过 {bytes} 字节', en: '{call}: the answer is larger than {bytes} bytes' },
  erpAnswerStatus: { 'zh-chs': '{call}：HTTP {status} {text}', en: '{call}: HTTP {status} {text}' },
  erpAnswerNotJson: { 'zh-chs': '{call}：应答不是 JSON', en: '{call}: the answer is not JSON' },
  // An ERP document the sync cannot import, and why.
  erpPoWithoutNo: { 'zh-chs': '一张采购订单没有 PoNo', en: 'a purchase order without PoNo' },
  erpPoKindInvalid: { 'zh-chs': '采购订单 {po}：Kind 须为 ASN 或 IN', en: 'PO {po}: Kind must be ASN or IN' },
  erpWoWithoutNo: { 'zh-chs': '一张工单没有 MoNo 和 MoLine', en: 'a work order without MoNo and MoLine' },
  erpDocumentLineCount: { 'zh-chs': '{document}：须有 1 到 1000 行', en: '{document}: 1 to 1000 lines' },
  /** A message about something named: an organisation, an ERP document. */
  namedProblem: { 'zh-chs': '{name}：{problem}', en: '{name}: {problem}' },
  erpPostingsUndelivered: { 'zh-chs': '{count} 条过账未送达ERP：{detail}', en: { one: '{count} posting not delivered to the ERP: {detail}', other: '{count} postings not delivered to the ERP: {detail}' } },
  erpSyncProblems: { 'zh-chs': '{count} 张ERP单据未能导入：{detail}', en: { one: '{count} ERP document could not be imported: {detail}', other: '{count} ERP documents could not be imported: {detail}' } },
  erpSyncDone: { 'zh-chs': '已从ERP导入 {created} 张单据，已存在 {existing} 张', en: 'Documents imported from the ERP: {created}; already there: {existing}' },
  erpSyncBillTypeUnsupported: { 'zh-chs': '单据类型“{type}”不能从ERP同步创建（可同步：ASN、IN、WO）', en: 'Bills of type "{type}" cannot be sync-created from the ERP (possible: ASN, IN, WO)' },
  erpPostingWarningTitle: { 'zh-chs': 'ERP过账失败：{bill} 第 {line} 行', en: 'ERP posting failed: {bill} line {line}' },
  erpPostingWarningContent: {
    'zh-chs': '单据 {bill} 第 {line} 行的过账已尝试 {attempts} 次仍未送达ERP（最后错误：{error}）。该单据之后的过账等待它送达。请检查ERP后点击“重试”。',
    en: 'The posting of {bill} line {line} did not reach the ERP after {attempts} attempts (last error: {error}). Later postings of the bill wait for it. Check the ERP, then press Retry.',
  },
  warningNotRetryable: { 'zh-chs': '该预警不能重试', en: 'This warning cannot be retried' },
  warningNotFound: { 'zh-chs': '预警不存在', en: 'The warning does not exist' },
  warningRetrySuccess: { 'zh-chs': '重试成功', en: 'The retry succeeded' },
  warningRetryFailure: { 'zh-chs': '重试失败：{error}', en: 'The retry failed: {error}' },
  warningRetryProcessing: { 'zh-chs': '重试处理中', en: 'The retry is under way' },

  // Incoming quality inspection (issue 19, src/shared/quality).
  qualityAqlNotStandard: {
    'zh-chs': 'AQL {aql} 不是 ISO 2859-1 的标准值（{values}）',
    en: 'AQL {aql} is not a value of ISO 2859-1 ({values})',
  },
  qualityLimitsReversed: {
    'zh-chs': '检验项目 {item} 的下限 {lower} 大于上限 {upper}',
    en: 'The lower limit {lower} of the check item {item} is above its upper limit {upper}',
  },
  qualityNominalOutside: {
    'zh-chs': '检验项目 {item} 的标准值 {nominal} 不在上下限之间',
    en: 'The nominal {nominal} of the check item {item} is not between its limits',
  },
  qualityVariableNeedsLimit: {
    'zh-chs': '计量型检验项目 {item} 至少需要下限或上限',
    en: 'The variable check item {item} needs a lower or an upper limit',
  },
  qualitySampleSizeNotStandard: {
    'zh-chs': '样本字码 {letter} 的样本量 {size} 与 ISO 2859-1 不符（标准为 {standard}）',
    en: 'The sample size {size} of the code letter {letter} is not ISO 2859-1\'s ({standard})',
  },
  qualityDocumentNotFound: { 'zh-chs': '检验单不存在（{id}）', en: 'The inspection document does not exist ({id})' },
  qualityDocumentJudged: { 'zh-chs': '检验单 {doc} 已判定，不能再修改', en: 'The inspection document {doc} has been judged already: it cannot be changed' },
  qualityItemNotOnDocument: { 'zh-chs': '检验项目 {item} 不在检验单 {doc} 上', en: 'The check item {item} is not on the inspection document {doc}' },
  qualityToolOverdue: {
    'zh-chs': '检验工具 {tool} 校准已过期（到期日：{due}），不能用于检验',
    en: 'The inspection tool {tool} is past its calibration date ({due}): it cannot be used',
  },
  qualityDefectsRequired: { 'zh-chs': '请输入检验项目 {item} 的不良数', en: 'Enter the defects found for the check item {item}' },
  qualityDefectsAboveSample: {
    'zh-chs': '检验项目 {item} 的不良数不能大于样本量 {sample}',
    en: 'The defects of the check item {item} cannot exceed its sample size {sample}',
  },
  qualityMeasurementsRequired: { 'zh-chs': '请输入检验项目 {item} 的测量值', en: 'Enter the measurements of the check item {item}' },
  qualityMeasurementNotNumber: {
    'zh-chs': '检验项目 {item} 第 {cell} 个测量值「{value}」不是数字',
    en: 'Measurement {cell} of the check item {item} is not a number: "{value}"',
  },
  qualityTooManyMeasurements: {
    'zh-chs': '检验项目 {item} 最多 {max} 个测量值',
    en: 'The check item {item} takes at most {max} measurements',
  },
  qualityResultsMissing: { 'zh-chs': '检验单 {doc} 还有检验项目未录入结果', en: 'Some check items of the inspection document {doc} have no results yet' },
  qualityRejectNeedsDescription: { 'zh-chs': '包含拒收时，描述不能为空', en: 'The description cannot be empty when a reject is included' },
  qualityOverrideNeedsReason: {
    'zh-chs': '检验结果与系统判定不同，请输入改判原因',
    en: 'The result differs from the computed judgment: enter the reason for the override',
  },
  qualityLooseNotRejected: { 'zh-chs': '检验单 {doc} 未被拒收，不能放宽接收', en: 'The inspection document {doc} is not rejected: it cannot be loosely accepted' },
  qualityLooseNeedsReason: { 'zh-chs': '请输入放宽接收原因', en: 'Enter the reason for the loose acceptance' },
  qualityLooseBillMade: {
    'zh-chs': '检验单 {doc} 已生成退货/报废单 {bill}，不能放宽接收',
    en: 'The return or scrap bill {bill} has been made from the inspection document {doc}: it cannot be loosely accepted',
  },
  qualityBillReelNotOfLot: {
    'zh-chs': '条码 {reel} 不属于检验单 {doc} 的批次，不能在单据 {bill} 上拣货',
    en: 'The reel {reel} is not of the lot of the inspection document {doc}: it cannot be picked on the bill {bill}',
  },
  qualityBillNoReserve: {
    'zh-chs': '单据 {bill} 由检验单 {doc} 生成，请直接扫描该批条码，无需预留',
    en: 'The bill {bill} was made from the inspection document {doc}: scan that lot\'s reels, nothing is reserved',
  },
  qualityMakeBillNotRejected: {
    'zh-chs': '检验单 {doc} 未被拒收，不能生成退货单或报废单',
    en: 'The inspection document {doc} is not rejected: no return or scrap bill can be made from it',
  },
  qualityBillMadeAlready: {
    'zh-chs': '检验单 {doc} 已生成单据 {bill}，不能重复生成',
    en: 'The bill {bill} has been made from the inspection document {doc} already',
  },
  qualityNoBlockedReels: {
    'zh-chs': '检验单 {doc} 没有待检的条码，不能生成单据',
    en: 'The inspection document {doc} has no reel pending inspection: no bill can be made from it',
  },
  qualitySchemeNoAql: {
    'zh-chs': '抽样方案 {scheme} 至少需要一个缺陷等级的 AQL',
    en: 'The sample scheme {scheme} needs an AQL for at least one defect class',
  },
} satisfies Record<string, Record<Language, string | CountedText>>;

export type MessageKey = keyof typeof catalogue;

/**
 * A text that says a `{count}` of things, in the forms its language has (Intl.PluralRules): English says
 * '1 container' but '2 containers'; Chinese has one form, so it writes a plain string.
 */
export interface CountedText {
  one: string;
  other: string;
}

const pluralRules: Record<Language, Intl.PluralRules> = { 'zh-chs': new Intl.PluralRules('zh'), en: new Intl.PluralRules('en') };

function textFor(language: Language, key: MessageKey, params: MessageParams): string {
  const text: string | CountedText = catalogue[key][language];
  if (typeof text === 'string') return text;
  const count = Number(params.count);
  return pluralRules[language].select(Number.isFinite(count) ? count : 0) === 'one' ? text.one : text.other;
}

/** The message in the language, with `{name}` placeholders filled from params. */
export function translate(language: Language, key: MessageKey, params: MessageParams = {}): string {
  return textFor(language, key, params).replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? renderParam(language, params[name]) : whole));
}

/** The message in both languages: words kept for whoever reads them later (a warning the portal raises). */
export function translateBoth(key: MessageKey, params: MessageParams = {}): BilingualText {
  return { 'zh-chs': translate('zh-chs', key, params), en: translate('en', key, params) };
}

const LIST_SEPARATOR: Record<Language, string> = { 'zh-chs': '；', en: '; ' };

/** A placeholder's value in the language. */
function renderParam(language: Language, value: MessageParam): string {
  if (typeof value !== 'object') return String(value);
  if ('items' in value) return value.items.map((item) => renderParam(language, item)).join(LIST_SEPARATOR[language]);
  return translate(language, value.message, value.params);
}

/**
 * A stored message in the language. What was stored by another release may name a message this
 * catalogue no longer has, or be no message at all: then `fallback` (the words stored beside it).
 */
export function renderStoredMessage(language: Language, stored: unknown, fallback: string): string {
  return isStoredMessage(stored) ? translate(language, stored.message, stored.params) : fallback;
}

function isStoredMessage(value: unknown): value is MessageRef {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { message, params } = value as { message?: unknown; params?: unknown };
  if (typeof message !== 'string' || !Object.hasOwn(catalogue, message)) return false;
  if (params === undefined) return true;
  return typeof params === 'object' && params !== null && !Array.isArray(params) && Object.values(params).every(isStoredParam);
}

const isStoredParam = (value: unknown): boolean =>
  typeof value === 'string' ||
  typeof value === 'number' ||
  (typeof value === 'object' && value !== null && 'items' in value ? Array.isArray(value.items) && value.items.every(isStoredParam) : isStoredMessage(value));
