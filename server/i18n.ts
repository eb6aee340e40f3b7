/**
 * The server's message catalogue: every text a response carries, in zh-chs (the default) and en,
 * chosen from the request's Accept-Language (the client sends its language cookie there, spec §7).
 * HTTP status texts are spec §8's; password rules are spec §5's.
 */

export type Language = 'zh-chs' | 'en';

export function languageOf(acceptLanguage: string | string[] | undefined): Language {
  const header = (Array.isArray(acceptLanguage) ? acceptLanguage[0] : acceptLanguage) ?? '';
  // The first language listed wins; only English is offered besides the zh-chs default.
  return /^\s*en\b/i.test(header) ? 'en' : 'zh-chs';
}

type Params = Record<string, string | number>;

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
  bodyNotObject: { 'zh-chs': '请求错误：请求体缺失或不是 JSON 对象', en: 'Bad request: the request body is missing or not a JSON object' },
  invalidJson: { 'zh-chs': '请求错误：请求体不是有效的 JSON', en: 'Bad request: the request body is not valid JSON' },
  multipartRequired: { 'zh-chs': '请求错误：请求体应为 multipart/form-data 表单', en: 'Bad request: the body must be a multipart/form-data form' },
  passwordUndecryptable: {
    'zh-chs': '请求错误：密码无法解密，请刷新页面后重试',
    en: 'Bad request: the password could not be decrypted; reload the page and try again',
  },

  // Login (legacy shape, HTTP 200).
  captchaWrong: { 'zh-chs': '验证码错误或已过期', en: 'The verification code is wrong or has expired' },
  organizationRequired: { 'zh-chs': '请选择组织', en: 'Please choose an organisation' },
  organizationNotAllowed: { 'zh-chs': '该用户不属于所选组织', en: 'This user does not belong to the chosen organisation' },
  wrongCredentials: {
    'zh-chs': '用户名或密码错误，再错{remaining}次账户将被锁定',
    en: 'Wrong user name or password; {remaining} more wrong attempts lock the account',
  },
  unknownUser: { 'zh-chs': '用户名或密码错误', en: 'Wrong user name or password' },
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
  listSqlInvalid: { 'zh-chs': '{name} 配置的 SQL 无法执行：{detail}', en: 'The SQL configured for {name} cannot run: {detail}' },
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
  listImportInvalid: { 'zh-chs': '导入文件无效：{detail}', en: 'The import file is invalid: {detail}' },
  listImportEmpty: { 'zh-chs': '导入文件中没有配置项', en: 'The import file holds no settings' },

  // Master data (server/crud): spec §5 rules and §8 notices.
  masterInvalid: { 'zh-chs': '{detail}', en: '{detail}' },
  masterRequired: { 'zh-chs': '请输入{field}', en: 'Please enter {field}' },
  masterUnique: { 'zh-chs': '{field} “{value}” 已存在', en: '{field} "{value}" already exists' },
  masterRefMissing: { 'zh-chs': '{field} “{value}” 不存在', en: '{field} "{value}" does not exist' },
  masterNotNumber: { 'zh-chs': '{field} 必须是数字', en: '{field} must be a number' },
  masterNotInteger: { 'zh-chs': '{field} 必须是整数', en: '{field} must be a whole number' },
  masterNotPositive: { 'zh-chs': '{field} 必须大于0', en: '{field} must be greater than 0' },
  masterNotDate: { 'zh-chs': '{field} 不是有效的日期', en: '{field} is not a valid date' },
  masterNotBool: { 'zh-chs': '{field} 只能是 Y 或 N', en: '{field} must be Y or N' },
  masterTooLong: { 'zh-chs': '{field} 不能超过{max}个字符', en: '{field} must not be longer than {max} characters' },
  masterInUse: { 'zh-chs': '该记录正在使用中，不能删除', en: 'This record is in use and cannot be deleted' },
  masterUnchanged: { 'zh-chs': '数据未改动！', en: 'The data has not changed!' },
  masterStale: {
    'zh-chs': '该记录已被其他人修改，请刷新后重新编辑',
    en: 'Someone else changed this record in the meantime; reload it and edit again',
  },
  masterVersionRequired: { 'zh-chs': '修改记录时必须提供版本号 version', en: 'Editing a record needs its version' },
  masterNotFound: { 'zh-chs': '记录不存在或已被删除', en: 'The record does not exist or was deleted' },
  masterSaved: { 'zh-chs': '保存成功', en: 'Saved successfully' },
  masterDeleted: { 'zh-chs': '删除成功', en: 'Deleted successfully' },
  masterImported: { 'zh-chs': '导入成功，共 {count} 行', en: 'Imported {count} rows' },
  masterImportRejected: {
    'zh-chs': '导入失败：{count} 行有错误，未写入任何数据，请下载错误报告',
    en: 'Import failed: {count} rows have errors and nothing was written; download the error report',
  },
  masterImportFileType: { 'zh-chs': '文件类型或大小错误：请上传 .xlsx 文件', en: 'Wrong file type or size: upload an .xlsx file' },
  masterImportTooLarge: { 'zh-chs': '文件类型或大小错误：文件不能超过 {max} MB', en: 'Wrong file type or size: the file must not exceed {max} MB' },
  masterImportEmpty: { 'zh-chs': '数据为空', en: 'The file holds no data' },
  masterImportUnknownColumn: { 'zh-chs': '第1行的列 “{column}” 不是可导入的字段', en: 'The column "{column}" of row 1 is not a field that can be imported' },
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
} satisfies Record<string, Record<Language, string>>;

export type MessageKey = keyof typeof catalogue;

/** The message in the language, with `{name}` placeholders filled from params. */
export function translate(language: Language, key: MessageKey, params: Params = {}): string {
  return catalogue[key][language].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** The message in the language of the request's Accept-Language header. */
export function messageForRequest(
  request: { headers: { 'accept-language'?: string | string[] } },
  key: MessageKey,
  params?: Params,
): string {
  return translate(languageOf(request.headers['accept-language']), key, params);
}
