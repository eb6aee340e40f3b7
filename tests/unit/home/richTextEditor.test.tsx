/** The notice editor (spec §5 rich-text editor) and publishing a notice with it. */
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { mockServer } from '../../../mocks/node';
import { resolveApiBase } from '../../../src/api/base';
import { changeLanguage } from '../../../src/core/i18n';
import { NoticeEditorDialog } from '../../../src/features/home/components/NoticeEditorDialog';
import { RichTextEditor } from '../../../src/shell/richText/RichTextEditor';
import { renderInShell } from '../shell/shellTestKit';
import { expectFieldMarked } from '../fieldMarks';

vi.setConfig({ testTimeout: 30_000 });

beforeEach(async () => {
  await changeLanguage('en');
});
afterEach(() => {
  vi.useRealTimers();
});

const typeInto = (box: HTMLElement, html: string) => {
  box.innerHTML = html;
  fireEvent.input(box);
};

describe('rich-text editor', () => {
  it('is 125 px high by default', () => {
    renderInShell(<RichTextEditor label="Content" onChange={() => {}} />);
    expect(screen.getByRole('textbox', { name: 'Content' }).style.minHeight).toBe('125px');
  });

  it('reports a change 400 ms after the last input, sanitised', () => {
    const onChange = vi.fn();
    renderInShell(<RichTextEditor label="Content" onChange={onChange} />);
    const box = screen.getByRole('textbox', { name: 'Content' });
    vi.useFakeTimers();
    typeInto(box, '<p>Sto</p>');
    act(() => vi.advanceTimersByTime(300));
    typeInto(box, '<p onclick="alert(1)">Stock<script>alert(2)</script></p>');
    act(() => vi.advanceTimersByTime(399));
    expect(onChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith('<p>Stock</p>');
  });

  it('says it was edited at once, before the delayed change', () => {
    const onEdit = vi.fn();
    const onChange = vi.fn();
    renderInShell(<RichTextEditor label="Content" onChange={onChange} onEdit={onEdit} />);
    vi.useFakeTimers();
    typeInto(screen.getByRole('textbox', { name: 'Content' }), '<p>S</p>');
    expect(onEdit).toHaveBeenCalledTimes(1);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('keeps one image at most and says so', async () => {
    const onChange = vi.fn();
    renderInShell(<RichTextEditor label="Content" onChange={onChange} />);
    const box = screen.getByRole('textbox', { name: 'Content' });
    typeInto(box, '<p><img src="https://a.example/1.png"><img src="https://a.example/2.png"></p>');
    expect(box.querySelectorAll('img')).toHaveLength(1);
    expect(await screen.findByText('Only one image can be inserted')).toBeTruthy();
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('<p><img src="https://a.example/1.png"></p>'));
  });
});

describe('publishing a notice', () => {
  it('sends the title, the pinned flag and the body, then says it is saved', async () => {
    const sent: unknown[] = [];
    mockServer.use(
      http.post(`${resolveApiBase()}/SysNotice/AddOrModifySave`, async ({ request }) => {
        const body = (await request.json()) as Record<string, string>;
        sent.push(body);
        return HttpResponse.json({
          Result: { ID: 'n9', PUBLISHER: 'Admin', PUBLISH_TIME: new Date().toISOString(), IS_TOP: 'N', ...body },
          TotalCount: 1,
          ErrorInfo: { Status: false, Message: '' },
        });
      }),
    );
    const onClose = vi.fn();
    renderInShell(
      <QueryClientProvider client={new QueryClient()}>
        <NoticeEditorDialog open onClose={onClose} />
      </QueryClientProvider>,
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await within(dialog).findByText('Please enter a title')).toBeTruthy();
    expect(sent).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText('Title'), 'Stocktake on Friday');
    await userEvent.click(within(dialog).getByRole('switch'));
    typeInto(within(dialog).getByRole('textbox', { name: 'Content' }), '<p>All <b>warehouses</b></p>');
    await new Promise((resolve) => setTimeout(resolve, 450));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(sent).toEqual([{ TITLE: 'Stocktake on Friday', CONTENT: '<p>All <b>warehouses</b></p>', IS_TOP: 'Y' }]));
    expect(await screen.findByText('Saved successfully')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
  });

  it('Escape right after typing only in the body keeps the dialog and what was typed', async () => {
    function Closable() {
      const [open, setOpen] = useState(true);
      return <NoticeEditorDialog open={open} onClose={() => setOpen(false)} />;
    }
    renderInShell(
      <QueryClientProvider client={new QueryClient()}>
        <Closable />
      </QueryClientProvider>,
    );
    const dialog = await screen.findByRole('dialog');
    const body = within(dialog).getByRole('textbox', { name: 'Content' });
    typeInto(body, '<p>Dock 3 is closed today</p>');
    // At once, inside the editor's change delay; keyCode as browsers send it (antd's dialog reads it).
    fireEvent.keyDown(body, { key: 'Escape', keyCode: 27 });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(body.innerHTML).toBe('<p>Dock 3 is closed today</p>');
  });

  it('publishing right after typing sends the body as typed, not what the editor reported 400 ms earlier', async () => {
    const sent: unknown[] = [];
    mockServer.use(
      http.post(`${resolveApiBase()}/SysNotice/AddOrModifySave`, async ({ request }) => {
        const body = (await request.json()) as Record<string, string>;
        sent.push(body);
        return HttpResponse.json({
          Result: { ID: 'n10', PUBLISHER: 'Admin', PUBLISH_TIME: new Date().toISOString(), IS_TOP: 'N', ...body },
          TotalCount: 1,
          ErrorInfo: { Status: false, Message: '' },
        });
      }),
    );
    renderInShell(
      <QueryClientProvider client={new QueryClient()}>
        <NoticeEditorDialog open onClose={() => {}} />
      </QueryClientProvider>,
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Dock 3 closed');
    // Typed and published at once: no wait for the editor's change delay.
    typeInto(within(dialog).getByRole('textbox', { name: 'Content' }), '<p>Use dock 4</p>');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(sent).toEqual([{ TITLE: 'Dock 3 closed', CONTENT: '<p>Use dock 4</p>', IS_TOP: 'N' }]));
  });

  it.each([
    ['TITLE', 'Title', 'Bad request: the field body.TITLE is too long'],
    ['CONTENT', 'Content', 'A notice may hold 1 image at most'],
  ])('marks the field a refusal places on (data.Field %s), not a toast', async (Field, label, msg) => {
    mockServer.use(http.post(`${resolveApiBase()}/SysNotice/AddOrModifySave`, () => HttpResponse.json({ code: 400, msg, data: { Field } }, { status: 400 })));
    renderInShell(
      <QueryClientProvider client={new QueryClient()}>
        <NoticeEditorDialog open onClose={() => {}} />
      </QueryClientProvider>,
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Stocktake');
    typeInto(within(dialog).getByRole('textbox', { name: 'Content' }), '<p>Body</p>');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await expectFieldMarked(dialog, label, msg);
  });
});
