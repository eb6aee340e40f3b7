/**
 * The report setting's help (menu 报表设置帮助文档, opened in a new window): how a custom report is set up —
 * the three steps, child and grandchild reports, a report's own help document, its change log and delete,
 * and which buttons allow what. Read-only text; the hints it repeats are the wizard's own, so the two agree.
 * Plain headings and paragraphs, not antd's Typography: a new lazy page reaching Typography (its editable and
 * copyable parts) made the bundler re-split antd's shared chunks and the login page load ~0.9 KB more.
 */
import { useTranslation } from 'react-i18next';

const SECTIONS = ['steps', 'children', 'help', 'audit', 'access'] as const;

export default function ReportSettingHelpPage() {
  const { t } = useTranslation('reports');
  const item = (key: string) => <li key={key}>{t(key)}</li>;
  return (
    <article style={{ maxWidth: 880, padding: '8px 16px', lineHeight: 1.7 }} data-testid="report-setting-help">
      <h3 style={{ fontSize: 24 }}>{t('settingHelp.title')}</h3>
      <p>{t('settingHelp.intro')}</p>
      {SECTIONS.map((section) => (
        <section key={section}>
          <h4 style={{ fontSize: 20, marginTop: 24 }}>{t(`settingHelp.${section}.title`)}</h4>
          {section === 'steps' ? (
            <ol>
              <li>{t('settingHelp.steps.item', { step: t('wizard.step.basics'), text: t('settingHelp.steps.basics') })}</li>
              <li>{t('settingHelp.steps.sqlItem', { step: t('wizard.step.sql'), hint: t('wizard.sqlHint'), text: t('settingHelp.steps.sql') })}</li>
              <li>{t('settingHelp.steps.item', { step: t('wizard.step.grid'), text: t('settingHelp.steps.grid') })}</li>
            </ol>
          ) : section === 'children' ? (
            <ul>{['wizard.parentHint', 'settingHelp.children.drill'].map(item)}</ul>
          ) : section === 'access' ? (
            <ul>{['settingHelp.access.save', 'wizard.sqlReadOnly', 'settingHelp.access.delete', 'settingHelp.access.menu'].map(item)}</ul>
          ) : (
            <p>{t(`settingHelp.${section}.body`)}</p>
          )}
        </section>
      ))}
    </article>
  );
}
