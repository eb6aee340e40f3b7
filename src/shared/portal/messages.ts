/** The portal cards', schemes' and homepage configuration's refusals (issue 21), spread into the message catalogue. */
export const PORTAL_MESSAGES = {
  portalCardReportRequired: { 'zh-chs': '数据来源为自定义报表时必须填写报表代码', en: 'A card whose data source is a custom report needs the report code' },
  portalCardNotFound: { 'zh-chs': '门户卡片 {card} 不存在或未启用', en: 'The portal card {card} does not exist or is not enabled' },
  portalCardNotOnHome: { 'zh-chs': '门户卡片 {card} 不在您的首页方案中', en: 'The portal card {card} is not on your home scheme' },
  portalCardNoData: { 'zh-chs': '门户卡片 {card} 没有内置数据', en: 'The portal card {card} has no built-in data' },
  portalLayoutUnknownCard: { 'zh-chs': '布局中的卡片 {card} 不存在或未启用', en: 'The card {card} of the layout does not exist or is not enabled' },
  portalLayoutDuplicateCard: { 'zh-chs': '卡片 {card} 在布局中出现了多次', en: 'The card {card} appears more than once in the layout' },
  portalLayoutBadSize: {
    'zh-chs': '卡片 {card} 的位置或大小无效：须在 {columns} 列之内，高度 1 至 {maxHeight}，且不超过第 {maxRows} 行',
    en: 'The card {card} has an invalid position or size: it must fit in {columns} columns, be 1 to {maxHeight} rows high and end by row {maxRows}',
  },
  portalLayoutTooMany: { 'zh-chs': '一个方案最多可放 {max} 张卡片', en: 'A scheme can hold at most {max} cards' },
  portalSchemeNameRequired: { 'zh-chs': '请填写方案名称', en: 'Enter the scheme name' },
  portalSchemeNameTaken: { 'zh-chs': '方案名称 {name} 已存在', en: 'A scheme named {name} already exists' },
  portalSchemeNotFound: { 'zh-chs': '门户方案不存在', en: 'The portal scheme does not exist' },
  portalSchemeStale: { 'zh-chs': '该方案已被他人修改，请刷新后重试', en: 'Someone else changed this scheme; reload it and try again' },
  portalSchemeInUse: { 'zh-chs': '方案 {name} 正被首页配置使用，不能删除', en: 'The scheme {name} is used by the homepage configuration and cannot be deleted' },
  portalUnknownRole: { 'zh-chs': '角色 {role} 不存在', en: 'The role {role} does not exist' },
  portalUnknownUser: { 'zh-chs': '用户 {user} 不存在', en: 'The user {user} does not exist' },
  homeConfigTargetRequired: { 'zh-chs': '请选择用户或角色', en: 'Choose the user or role' },
  homeConfigOneHome: { 'zh-chs': '首页须为一个方案或一个路径（二选一）', en: 'The home page is either a scheme or a path (one of the two)' },
  homeConfigBadPath: {
    'zh-chs': '首页路径 {path} 无效：须为以 / 开头的门户内路径，且不能是首页本身',
    en: 'The home path {path} is invalid: it must be a path inside the portal starting with / and not the home page itself',
  },
  homeConfigNotFound: { 'zh-chs': '首页配置不存在', en: 'The homepage configuration does not exist' },
} as const;
