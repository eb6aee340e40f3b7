/**
 * Equipment statuses (spec §4: normal, idle, to be repaired, under repair, scrapped) and the moves
 * between them, as plain data: the CRUD mechanism enforces the table on every save and import of the
 * equipment ledger (server/crud), the seed makes the 字典 type EQUIPMENT_STATUS from the labels.
 */
import type { BilingualText } from '../bilingual';

export const EQUIPMENT_STATUSES = ['NORMAL', 'IDLE', 'TO_BE_REPAIRED', 'UNDER_REPAIR', 'SCRAPPED'] as const;
export type EquipmentStatus = (typeof EQUIPMENT_STATUSES)[number];

export const EQUIPMENT_STATUS_LOOKUP = 'EQUIPMENT_STATUS';

export const EQUIPMENT_STATUS_LABELS: Readonly<Record<EquipmentStatus, BilingualText>> = {
  NORMAL: { 'zh-chs': '正常', en: 'Normal' },
  IDLE: { 'zh-chs': '闲置', en: 'Idle' },
  TO_BE_REPAIRED: { 'zh-chs': '待修', en: 'To be repaired' },
  UNDER_REPAIR: { 'zh-chs': '维修中', en: 'Under repair' },
  SCRAPPED: { 'zh-chs': '报废', en: 'Scrapped' },
};

/** A new piece of equipment is entered in use or idle. */
export const EQUIPMENT_INITIAL_STATUSES: readonly EquipmentStatus[] = ['NORMAL', 'IDLE'];

/**
 * Where each status may go. A fault is reported (to be repaired), then repaired (under repair),
 * then back in use or idle; anything not scrapped may be scrapped; scrapped is final.
 */
export const EQUIPMENT_TRANSITIONS: Readonly<Record<EquipmentStatus, readonly EquipmentStatus[]>> = {
  NORMAL: ['IDLE', 'TO_BE_REPAIRED', 'SCRAPPED'],
  IDLE: ['NORMAL', 'TO_BE_REPAIRED', 'SCRAPPED'],
  TO_BE_REPAIRED: ['UNDER_REPAIR', 'NORMAL', 'SCRAPPED'],
  UNDER_REPAIR: ['NORMAL', 'IDLE', 'SCRAPPED'],
  SCRAPPED: [],
};
