/** Moisture-sensitive devices' refusals and names (J-STD-033; server/modules/msd, the ledger's issue), spread into the catalogue. */
export const MSD_MESSAGES = {
  msdFloorLifeOver: {
    'zh-chs': '湿敏元件 {reel}（MSL {level}）已超出车间寿命：已暴露 {exposed} 小时，上限 {limit} 小时，须烘烤后才能发料',
    en: 'The moisture-sensitive reel {reel} (MSL {level}) is past its floor life: exposed {exposed} h of {limit} h; it must be baked before it is issued',
  },
  msdNeedsBake: {
    'zh-chs': '湿敏元件 {reel} 为 MSL {level}，使用前必须烘烤',
    en: 'The reel {reel} is MSL {level}: it must be baked before use',
  },
  msdNotMoistureSensitive: { 'zh-chs': '条码 {reel} 的料号 {part} 不是湿敏元件（未设湿敏等级或为 1 级）', en: 'The reel {reel} holds {part}, which is not moisture-sensitive (no MSL level, or level 1)' },
  msdReelUnknown: { 'zh-chs': '条码 {reel} 不存在', en: 'The reel {reel} does not exist' },
  msdEventNotAllowed: { 'zh-chs': '条码 {reel} 当前为“{state}”，不能{event}', en: 'The reel {reel} is {state}: it cannot be {event}' },
  msdEventSaved: { 'zh-chs': '{reel}：{event}', en: '{reel}: {event}' },
  msdEventOPEN: { 'zh-chs': '拆封', en: 'opened' },
  msdEventDRY_IN: { 'zh-chs': '放入干燥柜', en: 'put into the dry cabinet' },
  msdEventDRY_OUT: { 'zh-chs': '取出干燥柜', en: 'taken out of the dry cabinet' },
  msdEventBAKE: { 'zh-chs': '烘烤', en: 'baked' },
  msdStateSEALED: { 'zh-chs': '未拆封', en: 'sealed' },
  msdStateOPEN: { 'zh-chs': '已拆封', en: 'open' },
  msdStateDRY: { 'zh-chs': '干燥柜中', en: 'in the dry cabinet' },
  msdStateEXPIRED: { 'zh-chs': '超出车间寿命', en: 'past its floor life' },
  msdStateNEEDS_BAKE: { 'zh-chs': '须烘烤', en: 'to be baked' },
  msdStateUNLIMITED: { 'zh-chs': '不限', en: 'unlimited' },
} as const;
