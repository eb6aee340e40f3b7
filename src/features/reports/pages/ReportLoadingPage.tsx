/**
 * Custom report loading (spec §2: one page for the link /report/loading?code=<code>; the code is the
 * route's extra path segment). The report is the DataGrid of its list /report/loading/<code> with
 * everything the grid offers (quick and advanced search — the report's parameters are its search
 * fields —, settings, column configuration, footer figures), plus what a report adds: export to
 * Excel of the current search, its chart, its help document, and drill-down: a selected row opens a
 * child report with the row's values as the child's parameters, a child row its grandchild, with a
 * breadcrumb back. A child level is the same grid mechanism with the drill values as fixed conditions.
 */
import { useMemo, useState } from 'react';
import { App, Breadcrumb, Button, Card, Drawer, Empty, Result, Space, Spin } from 'antd';
import { BarChartOutlined, FileExcelOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useMenuRoute } from '../../../core/navigation/menuRouteContext';
import { useAccess } from '../../../core/navigation/access';
import { pickTitle, useLanguage } from '../../../core/i18n/localizedTitle';
import { DataGrid } from '../../../grid/DataGrid';
import { rowsRequestOf } from '../../../grid/api/listParam';
import { useGridRows, useTableColumns } from '../../../grid/api/queries';
import { downloadBlob } from '../../../grid/logic/download';
import { ALL_GRID_BUTTON_CODES } from '../../../grid/model/codes';
import type { GridRow, QueryCondition } from '../../../grid/model/types';
import { searchConditionsOf, useRouteSearch } from '../../../grid/state/advancedSearchStore';
import { RichText } from '../../../shell/richText/RichText';
import { reportListRoute } from '../../../shared/reports/definition';
import { exportReport, useReportLayout, type ReportLayout, type ReportLink } from '../api';
import { CHART_MAX_POINTS, ReportChart } from '../components/ReportChart';

/** One level of the drill-down: a report and the conditions its parent's row gives it. */
interface Level {
  code: string;
  title?: { zh: string; en: string };
  fixed: QueryCondition[];
}

const nameOf = (link: { Name: string; NameEn: string }, language: string) => (language === 'en' ? link.NameEn || link.Name : link.Name);

export default function ReportLoadingPage() {
  const { t } = useTranslation('reports');
  const { message } = App.useApp();
  const location = useLocation();
  const menuRoute = useMenuRoute();
  const language = useLanguage();
  const code = menuRoute?.params?.code ?? location.pathname.split('/').filter(Boolean).at(-1) ?? '';
  const [levels, setLevels] = useState<Level[]>([{ code, fixed: [] }]);
  const level = levels.at(-1)!;
  const listRoute = reportListRoute(level.code);
  // Each level keeps its own search and page sizes (they are kept per route path).
  const routePath = levels.length === 1 ? location.pathname : `${location.pathname}/${levels.slice(1).map((l) => l.code).join('/')}`;
  const layout = useReportLayout(listRoute);

  const drillInto = (child: ReportLink, rows: GridRow[]) => {
    if (rows.length !== 1) {
      void message.warning(t('loading.pickOneRow'));
      return;
    }
    // Bound by the child's parameter declaration on the server (typed there): the values travel as text.
    const fixed = Object.entries(child.DrillParams).map(([param, column]) => ({
      PARAM_NAME: param,
      FIELD_NAME: param,
      DATA_TYPE: 1,
      ACTION_TYPE: 1,
      PARAM_VALUE: rows[0][column] === null || rows[0][column] === undefined ? null : String(rows[0][column]),
    })) as QueryCondition[];
    setLevels((all) => [...all, { code: child.Code, title: { zh: child.Name, en: child.NameEn }, fixed }]);
  };

  if (!code) return <Result status="warning" title={t('loading.noCode')} />;
  if (layout.isError) return <Result status="warning" title={t('loading.notFound', { code: level.code })} />;
  if (!layout.data) return <Spin />;

  const title = levels.length === 1 && menuRoute ? pickTitle(menuRoute.title, language) : nameOf(layout.data, language);
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="report-loading-page" data-report={level.code}>
      {levels.length > 1 && (
        <Breadcrumb
          data-testid="report-breadcrumb"
          items={levels.map((l, index) => ({
            key: `${l.code}-${index}`,
            title:
              index === levels.length - 1 ? (
                nameOf(layout.data, language)
              ) : (
                <a onClick={() => setLevels((all) => all.slice(0, index + 1))} data-testid={`report-breadcrumb-${l.code}`}>
                  {index === 0 && menuRoute ? pickTitle(menuRoute.title, language) : l.title ? (language === 'en' ? l.title.en || l.title.zh : l.title.zh) : l.code}
                </a>
              ),
          }))}
        />
      )}
      <ReportLevel
        // A different level is a different grid: nothing of the previous one's state carries over.
        key={routePath}
        layout={layout.data}
        listRoute={listRoute}
        routePath={routePath}
        title={title}
        fixed={level.fixed}
        onDrill={drillInto}
      />
    </Space>
  );
}

interface ReportLevelProps {
  layout: ReportLayout;
  listRoute: string;
  routePath: string;
  title: string;
  fixed: QueryCondition[];
  onDrill(child: ReportLink, rows: GridRow[]): void;
}

function ReportLevel({ layout, listRoute, routePath, title, fixed, onDrill }: ReportLevelProps) {
  const { t } = useTranslation('reports');
  const language = useLanguage();
  const { can } = useAccess();
  // The grid buttons of the report's menu apply to each of its levels (spec §6).
  const buttonCodes = useMemo(() => ALL_GRID_BUTTON_CODES.filter(can), [can]);
  const routeSearch = useRouteSearch(routePath);
  const conditions = useMemo(() => [...fixed, ...searchConditionsOf(routeSearch)], [fixed, routeSearch]);
  const [showChart, setShowChart] = useState(true);
  const [helpOpen, setHelpOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const chart = layout.Chart;
  const chartRows = useGridRows(listRoute, rowsRequestOf(conditions, 1, CHART_MAX_POINTS, []));
  const columns = useTableColumns(listRoute, Boolean(chart));
  const captionOf = (field: string) => columns.data?.find((c) => c.COLUMN_NAME === field)?.COLUMN_CAPTION ?? field;

  const exportList = async () => {
    setExporting(true);
    try {
      downloadBlob(await exportReport({ LIST_ROUTE: listRoute, conditions }), `${title}.xlsx`);
    } catch {
      // The api layer showed the server's message.
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      {chart && showChart && (
        <Card size="small" data-testid="report-chart-card">
          {chartRows.data?.rows.length ? (
            <ReportChart chart={chart} rows={chartRows.data.rows} captionOf={captionOf} label={t('loading.chartOf', { title })} />
          ) : (
            <Empty description={t('loading.noData')} />
          )}
        </Card>
      )}
      <DataGrid
        listRoute={listRoute}
        routePath={routePath}
        title={title}
        buttonCodes={buttonCodes}
        fixedConditions={fixed}
        toolbarExtra={
          <Space wrap>
            <Button icon={<FileExcelOutlined />} loading={exporting} onClick={() => void exportList()} data-testid="report-export">
              {t('loading.export')}
            </Button>
            {chart && (
              <Button icon={<BarChartOutlined />} onClick={() => setShowChart((shown) => !shown)} data-testid="report-chart-toggle">
                {showChart ? t('loading.hideChart') : t('loading.showChart')}
              </Button>
            )}
            {layout.HelpHtml && (
              <Button icon={<QuestionCircleOutlined />} onClick={() => setHelpOpen(true)} data-testid="report-help">
                {t('loading.help')}
              </Button>
            )}
          </Space>
        }
        rowActions={layout.Children.map((child) => ({
          key: `drill-${child.Code}`,
          label: t('loading.drill', { name: nameOf(child, language) }),
          onClick: (rows: GridRow[]) => onDrill(child, rows),
        }))}
      />
      <Drawer open={helpOpen} onClose={() => setHelpOpen(false)} title={t('loading.helpOf', { title })} width="50%" destroyOnHidden>
        {layout.HelpHtml && <RichText html={layout.HelpHtml} />}
      </Drawer>
    </>
  );
}
