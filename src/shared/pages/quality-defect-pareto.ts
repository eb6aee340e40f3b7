/**
 * Written by `npm run gen -- page` (menu code, default order and hidden key set by hand): the Defect Pareto screen (/quality/defect-pareto). The seed makes its menu item
 * and list route from this declaration, the mocks its sample rows (src/shared/pages/declaration.ts).
 */
import { definePage } from './declaration';

export const qualityDefectParetoPage = definePage({
  name: 'QualityDefectPareto',
  domain: 'quality',
  link: '/quality/defect-pareto',
  menuCode: 'QualityDefectPareto',
  parentMenu: 'Quality',
  title: { 'zh-chs': '缺陷柏拉图', en: 'Defect Pareto' },
  list: {
    source: 'iqc_defect_pareto',
    orgScoped: true,
    keyField: 'pareto_key',
    columns: [
      { name: 'rank', type: 'int', label: { 'zh-chs': '排名', en: 'Rank' } },
      { name: 'defect_class', type: 'text', label: { 'zh-chs': '缺陷等级', en: 'Defect class' } },
      { name: 'check_item_code', type: 'text', label: { 'zh-chs': '检验项目', en: 'Check item' } },
      { name: 'name', type: 'text', label: { 'zh-chs': '项目名称', en: 'Item name' } },
      { name: 'defects', type: 'int', label: { 'zh-chs': '不良数', en: 'Defects' } },
      { name: 'lots', type: 'int', label: { 'zh-chs': '检验批数', en: 'Lots inspected' } },
      { name: 'share', type: 'number', label: { 'zh-chs': '占比(%)', en: 'Share (%)' } },
      { name: 'cumulative_share', type: 'number', label: { 'zh-chs': '累计占比(%)', en: 'Cumulative share (%)' } },
    ],
    defaultSort: 'rank',
    columnMeta: [{ field: 'pareto_key', hidden: true }],
  },
});
