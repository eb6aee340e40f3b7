/**
 * 导出Excel of a quality grid (检验报告, 来料批合格率, 缺陷柏拉图): the grid's search as it stands, exported by the
 * server (Iqc/ListExport) with the declared columns captioned and coded values labelled in the user's language.
 */
import { useState } from 'react';
import { FileExcelOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../core/i18n/localizedTitle';
import { downloadBlob } from '../../../grid/logic/download';
import { searchConditionsOf, useRouteSearch } from '../../../grid/state/advancedSearchStore';
import type { PageDeclaration } from '../../../shared/pages/declaration';
import { exportList, type ListExportBody } from '../api';

/** `page`: one of the quality grids the contract's Iqc/ListExport names (its LIST_ROUTE enum). */
export function ListExportButton({ page, testId }: { page: PageDeclaration; testId: string }) {
  const { t } = useTranslation('quality');
  const language = useLanguage();
  const routeSearch = useRouteSearch(useLocation().pathname);
  const [exporting, setExporting] = useState(false);
  const run = async () => {
    setExporting(true);
    try {
      downloadBlob(await exportList({ LIST_ROUTE: page.link as ListExportBody['LIST_ROUTE'], conditions: searchConditionsOf(routeSearch) }), `${page.title[language]}.xlsx`);
    } catch {
      // The api layer showed the server's message.
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button icon={<FileExcelOutlined />} loading={exporting} onClick={() => void run()} data-testid={testId}>
      {t('report.export')}
    </Button>
  );
}
