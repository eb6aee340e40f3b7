/**
 * The inspection grids' coded columns shown by their labels (status, severity, result) in the
 * user's language, in place of the codes the source holds.
 */
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import type { GridCellRenderers } from '../../../grid/DataGrid';
import { STATUS_COLOURS } from './DocumentParts';

const coded = (t: TFunction, prefix: string, known: readonly string[]) => (value: unknown) =>
  typeof value === 'string' && known.includes(value) ? t(`${prefix}.${value}`) : ((value as string | null) ?? '');

export function documentCellRenderers(t: TFunction): GridCellRenderers {
  return {
    status: (value) =>
      typeof value === 'string' && value in STATUS_COLOURS ? <Tag color={STATUS_COLOURS[value as keyof typeof STATUS_COLOURS]}>{t(`status.${value}`)}</Tag> : ((value as string | null) ?? ''),
    severity: coded(t, 'severity', ['NORMAL', 'TIGHTENED', 'REDUCED']),
    result: coded(t, 'resultValue', ['ACCEPT', 'REJECT']),
    computed_result: coded(t, 'resultValue', ['ACCEPT', 'REJECT']),
  };
}
