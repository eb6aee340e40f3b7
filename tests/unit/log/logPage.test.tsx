/** The front-end log page (spec §2 `log`, §8 logging): danger entries, a text filter, a clear button. */
import '@ant-design/v5-patch-for-react-19';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '../../../src/core/i18n';
import { changeLanguage } from '../../../src/core/i18n';
import { logDanger, useLogStore } from '../../../src/core/log/store';
import { LogPage } from '../../../src/features/log/pages/LogPage';

// antd's first render (CSS-in-JS) takes seconds when the whole unit project runs in parallel.
vi.setConfig({ testTimeout: 20_000 });

const MESSAGES = ['Request timed out', 'Cannot read properties of undefined', '拒绝访问'];

/** The logged messages in the order the table rows show them. */
const messagesShown = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => MESSAGES.find((message) => within(row).queryByText(message)));

beforeEach(async () => {
  await changeLanguage('en');
  logDanger(MESSAGES[0], { requestUrl: 'http://localhost/api/Bill/Load' });
  logDanger(MESSAGES[1], { stack: 'TypeError: at PartPage' });
  logDanger(MESSAGES[2], { requestUrl: 'http://localhost/api/User/LoadData' });
});

describe('front-end log page', () => {
  it('lists the danger entries, newest first', () => {
    render(<LogPage />);
    expect(messagesShown()).toEqual(['拒绝访问', 'Cannot read properties of undefined', 'Request timed out']);
  });

  it('the filter keeps the entries whose message or address contains the text, in any case', async () => {
    render(<LogPage />);
    await userEvent.type(screen.getByLabelText('Filter the log (message, user, address)'), 'bill/LOAD');
    expect(messagesShown()).toEqual(['Request timed out']);
  });

  it('a filter nothing matches says so', async () => {
    render(<LogPage />);
    await userEvent.type(screen.getByLabelText('Filter the log (message, user, address)'), 'no such text');
    expect(screen.getByText('No entry matches the filter')).toBeTruthy();
  });

  it('clear log empties the log', async () => {
    render(<LogPage />);
    await userEvent.click(screen.getByRole('button', { name: /Clear log/ }));
    expect(useLogStore.getState().entries).toEqual([]);
    expect(screen.getByText('No log entries')).toBeTruthy();
  });
});
