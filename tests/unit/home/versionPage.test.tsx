/** The version master/detail screen against mocked calls. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { mockServer } from '../../../mocks/node';
import { resolveApiBase } from '../../../src/api/base';
import { changeLanguage } from '../../../src/core/i18n';
import VersionPage from '../../../src/features/home/pages/VersionPage';
import { renderInShell } from '../shell/shellTestKit';
import { expectEscapeKeepsTyping } from '../keepsTyping';
import { expectFieldMarked } from '../fieldMarks';

vi.setConfig({ testTimeout: 30_000 });

const api = (path: string) => `${resolveApiBase()}${path}`;
const legacy = (Result: unknown) => HttpResponse.json({ Result, TotalCount: Array.isArray(Result) ? Result.length : 1, ErrorInfo: { Status: false, Message: '' } });

let versions: { ID: string; VERSION_NO: string; TITLE: string; RELEASE_DATE: string; REMARK: string }[];
let saved: unknown[];
let deleted: string[];

beforeEach(async () => {
  await changeLanguage('en');
  versions = [
    { ID: 'v2', VERSION_NO: '5.0.2', TITLE: 'Home page', RELEASE_DATE: '2026-05-01', REMARK: '' },
    { ID: 'v1', VERSION_NO: '5.0.1', TITLE: 'Printing', RELEASE_DATE: '2026-03-01', REMARK: '' },
  ];
  saved = [];
  deleted = [];
  mockServer.use(
    http.get(api('/Version/LoadData'), () => legacy(versions)),
    http.get(api('/Version/LoadDetail'), ({ request }) => {
      const masterId = new URL(request.url).searchParams.get('masterId');
      return legacy([{ ID: `${masterId}-1`, MASTER_ID: masterId, SORT_NUM: 1, CHANGE_TYPE: 'feature', CONTENT: `What ${masterId} added` }]);
    }),
    http.post(api('/Version/AddOrModifySave'), async ({ request }) => {
      const body = (await request.json()) as { VERSION_NO: string; TITLE: string; RELEASE_DATE: string };
      saved.push(body);
      const version = { ID: 'v3', REMARK: '', ...body };
      versions = [version, ...versions];
      return legacy(version);
    }),
    http.post(api('/Version/Delete'), ({ request }) => {
      const id = new URL(request.url).searchParams.get('id')!;
      deleted.push(id);
      versions = versions.filter((v) => v.ID !== id);
      return legacy(1);
    }),
  );
});

const renderPage = () =>
  renderInShell(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <VersionPage />
    </QueryClientProvider>,
  );

describe('version master and detail', () => {
  it('lists the versions and shows the changes of the one picked', async () => {
    renderPage();
    expect(await screen.findByText('What v2 added')).toBeTruthy();
    await userEvent.click(screen.getByText('Printing'));
    expect(await screen.findByText('What v1 added')).toBeTruthy();
  });

  it('adds a version with its changes', async () => {
    renderPage();
    await screen.findByText('Home page');
    await userEvent.click(screen.getByRole('button', { name: /Add version/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Version'), '5.1.0');
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Quality');
    await userEvent.type(within(dialog).getByLabelText('Changes'), 'Inspection templates');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ VERSION_NO: '5.1.0', TITLE: 'Quality', Details: [{ CHANGE_TYPE: 'feature', CONTENT: 'Inspection templates' }] });
    expect(await screen.findByText('Saved successfully')).toBeTruthy();
    expect(await screen.findByText('Quality')).toBeTruthy();
  });

  it('deletes a version after confirmation', async () => {
    renderPage();
    await screen.findByText('Printing');
    await userEvent.click(screen.getByRole('button', { name: 'Delete 5.0.1' }));
    await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(deleted).toEqual(['v1']));
    await waitFor(() => expect(screen.queryByText('Printing')).toBeNull());
  });

  it('keeps a version typed into the form when Escape is pressed or the mask clicked', async () => {
    renderPage();
    await screen.findByText('Home page');
    await expectEscapeKeepsTyping(() => userEvent.click(screen.getByRole('button', { name: /Add version/ })), '5.2.0');
  });

  it('marks the version number a taken one is refused on (data.Field VERSION_NO), not a toast', async () => {
    mockServer.use(
      http.post(api('/Version/AddOrModifySave'), () => HttpResponse.json({ code: 409, msg: 'The version 5.0.2 already exists', data: { Field: 'VERSION_NO' } }, { status: 409 })),
    );
    renderPage();
    await screen.findByText('Home page');
    await userEvent.click(screen.getByRole('button', { name: /Add version/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Version'), '5.0.2');
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Again');
    await userEvent.type(within(dialog).getByLabelText('Changes'), 'Nothing new');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expectFieldMarked(dialog, 'Version', 'The version 5.0.2 already exists');
    expect(screen.getByRole('dialog')).toBe(dialog);
  });
});
