/**
 * The report setting's help page reads as finished sentences: every bullet ends with its closing punctuation in both
 * languages, the ones it borrows from the wizard's hints (which the wizard shows too) included.
 */
import { describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { changeLanguage } from '../../../src/core/i18n';
import ReportSettingHelpPage from '../../../src/features/reports/pages/ReportSettingHelpPage';

const bullets = () => Array.from(screen.getByTestId('report-setting-help').querySelectorAll('li'), (li) => li.textContent ?? '');

describe('report setting help', () => {
  it('ends every bullet with 。 in Chinese and with a full stop in English', async () => {
    render(<ReportSettingHelpPage />);
    expect(bullets().length).toBeGreaterThan(5);
    expect(bullets().filter((text) => !text.endsWith('。'))).toEqual([]);
    cleanup();
    await changeLanguage('en');
    render(<ReportSettingHelpPage />);
    expect(bullets().filter((text) => !text.endsWith('.'))).toEqual([]);
  });
});
