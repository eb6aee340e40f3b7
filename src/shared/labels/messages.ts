/** Reel labels' refusals (issue 17), spread into the one catalogue (src/shared/messages/catalogue.ts). */
export const LABEL_MESSAGES = {
  labelTemplateUnknown: { 'zh-chs': '标签模板 {template} 不存在', en: 'The label template {template} does not exist' },
  labelReelsNotFound: {
    'zh-chs': '条码 {reels} 不存在，未打印也未记录任何条码',
    en: 'These reels do not exist: {reels}. Nothing was printed or recorded',
  },
  labelReelCodeNotGs1: {
    'zh-chs': '条码 {reel} 无法放入 GS1 二维码（最多 20 个字符，仅限字母、数字和 !"%&\'*+,-./:;<=>?_）：请选用其他标签模板',
    en: 'The reel code {reel} cannot go into a GS1 code (at most 20 characters: letters, digits and !"%&\'*+,-./:;<=>?_): choose another label template',
  },
} as const;
