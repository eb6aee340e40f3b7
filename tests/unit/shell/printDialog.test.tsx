/** The print dialog against the local printer service (spec §2, §5, §7, §8), on MSW. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { mockServer } from '../../../mocks/node';
import { changeLanguage } from '../../../src/core/i18n';
import { PrintDialog } from '../../../src/shell/print/PrintDialog';
import { renderInShell } from './shellTestKit';

vi.setConfig({ testTimeout: 20_000 });

const SERVICE = 'http://localhost:42737';

function printerService({ printers = ['Zebra ZT410', 'Office laser'], current = 'Zebra ZT410' } = {}) {
  const saved: string[] = [];
  mockServer.use(
    http.get(`${SERVICE}/Printer/GetPrintList`, () => HttpResponse.json({ Code: 1, Msg: '', Data: printers })),
    http.get(`${SERVICE}/Printer/GetCurrentPrintName`, () => HttpResponse.json({ Code: 1, Msg: '', Data: current })),
    http.post(`${SERVICE}/Printer/SetPrintName`, async ({ request }) => {
      const { PrintName } = (await request.json()) as { PrintName: string };
      saved.push(PrintName);
      return HttpResponse.json({ Code: 1, Msg: '', Data: PrintName });
    }),
  );
  return saved;
}

const printerSelect = () => screen.getByRole('combobox', { name: 'Printer' });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

async function choose(name: string) {
  fireEvent.mouseDown(printerSelect());
  fireEvent.click(await screen.findByTitle(name));
}

beforeEach(async () => {
  await changeLanguage('en');
});

describe('print dialog', () => {
  it("lists the service's printers, preselects the current one and saves the choice", async () => {
    const saved = printerService();
    const onClose = vi.fn();
    renderInShell(<PrintDialog open onClose={onClose} />);
    expect(await screen.findByText('Current printer: Zebra ZT410')).toBeTruthy();
    await choose('Office laser');
    save();
    await waitFor(() => expect(saved).toEqual(['Office laser']));
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
  });

  it('without a choice it says MesBatchManager._61 and sends nothing', async () => {
    const saved = printerService({ current: '' });
    renderInShell(<PrintDialog open onClose={vi.fn()} />);
    expect(await screen.findByText('Current printer: none')).toBeTruthy();
    save();
    expect(await screen.findByText('Please choose a printer!')).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it('a service that does not answer gives MesBatchManager._62', async () => {
    mockServer.use(
      http.get(`${SERVICE}/Printer/GetPrintList`, () => HttpResponse.error()),
      http.get(`${SERVICE}/Printer/GetCurrentPrintName`, () => HttpResponse.error()),
    );
    renderInShell(<PrintDialog open onClose={vi.fn()} />);
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Cannot reach the local print service; check that it is running (port 42737)',
    );
  });

  it("a refused save shows 'Operation failed' with the service's Msg, and the dialog stays open", async () => {
    printerService();
    mockServer.use(http.post(`${SERVICE}/Printer/SetPrintName`, () => HttpResponse.json({ Code: 0, Msg: 'Printer is offline', Data: '' })));
    const onClose = vi.fn();
    renderInShell(<PrintDialog open onClose={onClose} />);
    await screen.findByText('Current printer: Zebra ZT410');
    save();
    expect(await screen.findByText('Printer is offline')).toBeTruthy();
    expect(document.querySelector('.ant-notification-notice-message')?.textContent).toBe('Operation failed');
    expect(onClose).not.toHaveBeenCalled();
  });

  it("a refusal without Msg says 'Request failed'", async () => {
    printerService();
    mockServer.use(http.post(`${SERVICE}/Printer/SetPrintName`, () => HttpResponse.json({ Code: 0, Msg: '', Data: '' })));
    renderInShell(<PrintDialog open onClose={vi.fn()} />);
    await screen.findByText('Current printer: Zebra ZT410');
    save();
    expect(await screen.findByText('Request failed')).toBeTruthy();
  });
});
