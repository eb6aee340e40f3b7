/** The providers around every page, the login page first: antd's own texts and dates follow the language. */
import { expect, test } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { Empty } from 'antd';
import dayjs from 'dayjs';
import { QueryClient } from '@tanstack/react-query';
import { changeLanguage } from '../../../src/core/i18n';
import { AppProviders } from '../../../src/app/providers/AppProviders';

test("antd's built-in texts and dayjs dates switch with the portal language", async () => {
  render(
    <AppProviders client={new QueryClient()}>
      <Empty />
    </AppProviders>,
  );
  expect(screen.getByText('暂无数据', { selector: '.ant-empty-description' })).toBeTruthy();
  expect(dayjs('2024-03-01').format('MMMM')).toBe('三月');

  await act(() => changeLanguage('en'));
  expect(screen.getByText('No data', { selector: '.ant-empty-description' })).toBeTruthy();
  expect(dayjs('2024-03-01').format('MMMM')).toBe('March');
  expect(document.documentElement.lang).toBe('en');
});
