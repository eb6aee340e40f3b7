import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** Shown for a menu link that has no page in src/app/pageRegistry.ts (spec §8 "Module not found"). */
export function ModuleNotFoundPage({ moduleKey }: { moduleKey: string }) {
  const { t } = useTranslation('shell');
  return (
    <Result
      status="warning"
      title={t('moduleNotFound.title')}
      subTitle={t('moduleNotFound.description', { module: moduleKey })}
    />
  );
}
