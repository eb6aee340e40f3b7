import { useTranslation } from 'react-i18next';
import { exportSearchConfig, importSearchConfig } from '../api/listParam';
import { useInvalidateGrid } from '../api/queries';
import { downloadJson } from '../logic/download';
import { useGridFeedback } from './useGridFeedback';

/**
 * The list's search configuration as a file (spec §5 导入配置 / 导出配置): export downloads it
 * named after the page title, import replaces the list's settings and re-reads the grid.
 */
export function useGridConfigFile(listRoute: string, title: string) {
  const { t } = useTranslation('grid');
  const feedback = useGridFeedback();
  const invalidate = useInvalidateGrid(listRoute);

  const exportConfig = async () => {
    try {
      const file = await exportSearchConfig(listRoute);
      downloadJson(file, t('exportFileName', { title: file.TITLE || title }));
    } catch {
      // The api layer showed the server's message.
    }
  };

  const importConfig = async (file: File) => {
    try {
      const imported = await importSearchConfig(listRoute, file);
      if (imported.length === 0) return feedback.error(t('notice.uploadFailed'));
      feedback.success(t('notice.imported'));
      void invalidate('all');
    } catch {
      // The api layer showed why.
    }
  };

  return { exportConfig, importConfig };
}
