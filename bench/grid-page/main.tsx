/**
 * The grid bench page: `?mode=datagrid|virtual|plain&rows=N`. `datagrid` renders the DataGrid against the
 * mock ListParam back end (answered in-page, so the real fetchers and JSON decoding are measured; see
 * serveListInPage), its requests started as the portal's route starts them;
 * `virtual` renders antd's own `virtual` Table (nothing else: no selection, footer or toolbar) and
 * `plain` antd's Table without virtual rows, both over the same rows and columns. The page
 * reports `window.__rowsVisibleMs` (render start to the first painted row) and offers
 * `window.__scrollFrames(frames, step)` for frame times while scrolling the body.
 */
import '@ant-design/v5-patch-for-react-19';
import { createRoot } from 'react-dom/client';
import { App as AntdApp, ConfigProvider, Table, type TableColumnsType } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { getResponse } from 'msw';
import { findUserByName, startSession } from '../../mocks/db';
import { listParamHandlers } from '../../mocks/scenarios/listparam';
import { resolveApiBase } from '../../src/api/base';
import { COOKIE, writeCookie } from '../../src/core/session/cookies';
import { useSessionStore } from '../../src/core/session/store';
import { DataGrid } from '../../src/grid/DataGrid';
import { prefetchGrid } from '../../src/grid/api/prefetch';
import { ALL_GRID_BUTTON_CODES } from '../../src/grid/model/codes';
import { useSettingsStore } from '../../src/core/settings/settingsStore';
import { BENCH_LIST_ROUTE, benchColumns, benchList, benchRows } from './benchData';

declare global {
  interface Window {
    __rowsVisibleMs?: number;
    __scrollFrames?: (frames: number, step: number) => Promise<number[]>;
  }
}

const BODY_HEIGHT = 600;
const COLUMN_WIDTH = 140;
const params = new URLSearchParams(location.search);
const mode = params.get('mode') === 'plain' || params.get('mode') === 'virtual' ? params.get('mode')! : 'datagrid';
const rowCount = Number(params.get('rows') ?? 1000);
const rows = benchRows(rowCount);

/**
 * The in-page back end. The mock's own work for a request (filtering, sorting and footer sums over all
 * rows: the server's job, measured by `npm run bench -- list`) is done once before the clock starts, in a
 * warm-up that makes the grid's requests; timed, each request gets the text the mock answered it with,
 * as from a server that has it ready, so the DataGrid pays what it pays in the portal: the fetch, the JSON
 * decoding and the rendering. (The antd tables get their rows as ready objects.)
 */
async function serveListInPage() {
  const handlers = listParamHandlers(resolveApiBase(), [benchList(rows)]);
  const networkFetch = globalThis.fetch.bind(globalThis);
  const answered = new Map<string, { status: number; headers: [string, string][]; text: string }>();
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const key = `${request.method} ${request.url} ${await request.clone().text()}`;
    const ready = answered.get(key);
    if (ready) return new Response(ready.text, { status: ready.status, headers: ready.headers });
    const response = (await getResponse(handlers, request)) ?? (await networkFetch(request));
    answered.set(key, { status: response.status, headers: [...response.headers], text: await response.clone().text() });
    return response;
  };
  const user = findUserByName('ADMIN')!;
  const session = startSession(user, 'org-f01');
  writeCookie(COOKIE.token, session.token);
  useSessionStore.setState({ userInfo: { ID: user.ID, USER_NAME: user.USER_NAME, NICK_NAME: user.NICK_NAME, ROLE_ID: user.ROLE_ID } });
  // One page of all rows: the bench is about rendering a large page.
  useSettingsStore.getState().setPageSizes(location.pathname, [rowCount]);
  // The warm-up: the grid's opening requests, answered by the mock and kept.
  const warmUp = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  prefetchGrid(warmUp, GRID);
  await Promise.all(warmUp.getQueryCache().getAll().map((query) => query.fetch()));
}

const plainColumns: TableColumnsType<Record<string, unknown>> = benchColumns.map((c) => ({
  key: c.name,
  dataIndex: c.name,
  title: c.caption,
  width: COLUMN_WIDTH,
  ellipsis: true,
}));

function PlainTable({ virtual }: { virtual: boolean }) {
  return (
    <Table
      virtual={virtual}
      size="small"
      bordered
      rowKey={benchColumns[0].name}
      columns={plainColumns}
      dataSource={rows}
      pagination={false}
      scroll={{ x: COLUMN_WIDTH * benchColumns.length, y: BODY_HEIGHT }}
    />
  );
}

const GRID = { listRoute: BENCH_LIST_ROUTE, routePath: location.pathname };

/** As the portal's route opens a grid: its requests leave (prefetchGrid) as the page renders. */
function DataGridPage({ client }: { client: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      <AntdApp>
        <DataGrid listRoute={GRID.listRoute} routePath={GRID.routePath} title="表格基准" buttonCodes={ALL_GRID_BUTTON_CODES} bodyHeight={BODY_HEIGHT} />
      </AntdApp>
    </QueryClientProvider>
  );
}

const scrollBody = () =>
  document.querySelector<HTMLElement>('.ant-table-tbody-virtual-holder') ?? document.querySelector<HTMLElement>('.ant-table-body');

window.__scrollFrames = (frames, step) =>
  new Promise((resolve) => {
    const body = scrollBody();
    const durations: number[] = [];
    let last = performance.now();
    const tick = (now: number) => {
      durations.push(now - last);
      last = now;
      if (body) body.scrollTop += step;
      if (durations.length > frames) resolve(durations.slice(1));
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame((now) => {
      last = now;
      requestAnimationFrame(tick);
    });
  });

if (mode === 'datagrid') await serveListInPage();
const renderStart = performance.now();
const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
if (mode === 'datagrid') prefetchGrid(client, GRID);
createRoot(document.getElementById('root')!).render(
  <ConfigProvider theme={{ token: { motion: false } }}>{mode === 'datagrid' ? <DataGridPage client={client} /> : <PlainTable virtual={mode === 'virtual'} />}</ConfigProvider>,
);

// A row counts as visible once it is in the DOM and the next frame has been painted.
const watchForRows = () => {
  if (document.querySelector('.ant-table-tbody .ant-table-row, .ant-table-tbody-virtual .ant-table-row')) {
    requestAnimationFrame(() => (window.__rowsVisibleMs = performance.now() - renderStart));
  } else requestAnimationFrame(watchForRows);
};
requestAnimationFrame(watchForRows);
