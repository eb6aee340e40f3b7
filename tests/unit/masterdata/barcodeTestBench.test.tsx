/**
 * The test bench of the barcode parsing rules screen (issue 17) on the mocks: a pasted or scanned
 * label is read by BarcodeRule/Parse (the mocks run the shared parser over their sample rules),
 * Enter parses, the invisible separators show as ␝ ␞ ␄, and a refusal is shown in place in the
 * screen's language.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '../../../src/core/i18n';
import { MenuRouteContext } from '../../../src/core/navigation/menuRouteContext';
import BarcodeRulePage from '../../../src/features/masterdata/pages/BarcodeRulePage';
import { BarcodeTestBench } from '../../../src/features/masterdata/components/BarcodeTestBench';
import { Providers, renderInRouter, resetGridTestState, signIn } from '../grid/gridTestKit';
import { menuPageRoute } from '../menuRoutes';

const GS = '\x1d';
const RS = '\x1e';
const EOT = '\x04';

const ruleRoute = menuPageRoute('ReelParseRule', 'reel/parse-rule', '条码解析规则', 'Barcode parsing rules');

const scanBox = () => screen.getByTestId('barcode-bench-scan') as HTMLTextAreaElement;
const fieldText = (field: string) => screen.getByTestId(`barcode-bench-field-${field}`).textContent;

function renderBench() {
  signIn('ADMIN', 'org-f01');
  render(
    <Providers>
      <BarcodeTestBench />
    </Providers>,
  );
}

beforeEach(resetGridTestState);

describe('barcode parsing test bench', () => {
  it('reads a pasted ECIA label on Enter: the rule that matched, every field, the separators shown', async () => {
    const user = userEvent.setup();
    renderBench();
    await user.click(scanBox());
    await user.paste(`[)>${RS}06${GS}PRC0402FR-0710KL${GS}1PRC0402-MFR${GS}30PDIST-1${GS}Q5000${GS}13Q2${GS}1TLOT4471${GS}9D2348${GS}4LTW${RS}${EOT}`);
    expect(scanBox().value).toBe('[)>␞06␝PRC0402FR-0710KL␝1PRC0402-MFR␝30PDIST-1␝Q5000␝13Q2␝1TLOT4471␝9D2348␝4LTW␞␄');
    await user.keyboard('{Enter}');
    expect((await screen.findByTestId('barcode-bench-rule')).textContent).toBe('内置 ECIA 读取');
    expect(['PartCode', 'MfrPart', 'CustomerPart', 'Gtin', 'Qty', 'LotCode', 'DateCode', 'ExpireDate', 'Serial', 'Country'].map(fieldText)).toEqual([
      'RC0402FR-0710KL', 'RC0402-MFR', 'RC0402FR-0710KL', '—', '5000', 'LOT4471', '2348', '—', '—', 'TW',
    ]);
    expect(screen.getByTestId('barcode-bench-shown').textContent).toBe('[)>␞06␝PRC0402FR-0710KL␝1PRC0402-MFR␝30PDIST-1␝Q5000␝13Q2␝1TLOT4471␝9D2348␝4LTW␞␄');
    // Ready for the next scan.
    expect(document.activeElement).toBe(scanBox());
  });

  it('takes typed ␝ / <GS> for the separators: a GS1 label read by the sample GS1 rule (customer part first)', async () => {
    const user = userEvent.setup();
    renderBench();
    fireEvent.change(scanBox(), { target: { value: ']d20109501101530003172502001010-A<GS>302500<GS>241CUST-9' } });
    expect(scanBox().value).toBe(']d20109501101530003172502001010-A␝302500␝241CUST-9');
    await user.click(screen.getByTestId('barcode-bench-parse'));
    expect((await screen.findByTestId('barcode-bench-rule')).textContent).toBe('BR-GS1-CUST GS1（客户料号优先）');
    expect([fieldText('PartCode'), fieldText('Gtin'), fieldText('Qty'), fieldText('LotCode'), fieldText('ExpireDate'), fieldText('CustomerPart')]).toEqual([
      'CUST-9', '09501101530003', '2500', '10-A', '2025-02-28', 'CUST-9',
    ]);
  });

  it('tries the vendor’s rule first; without the vendor nothing reads the label, said in place, in both languages', async () => {
    const user = userEvent.setup();
    renderBench();
    await user.type(screen.getByTestId('barcode-bench-vendor'), 'V0001');
    await user.click(scanBox());
    await user.paste('RC0402-10K|5000|L2311|2311');
    await user.keyboard('{Enter}');
    expect((await screen.findByTestId('barcode-bench-rule')).textContent).toBe('BR-V0001-PIPE 供应商V0001竖线标签');
    expect([fieldText('PartCode'), fieldText('Qty'), fieldText('LotCode'), fieldText('DateCode')]).toEqual(['RC0402-10K', '5000', 'L2311', '2311']);

    await user.clear(screen.getByTestId('barcode-bench-vendor'));
    await user.click(screen.getByTestId('barcode-bench-parse'));
    await waitFor(() =>
      expect(screen.getByTestId('barcode-bench-error').textContent).toContain('没有条码解析规则能识别此条码（供应商：-），请检查条码或维护条码解析规则'),
    );
    expect(screen.queryByTestId('barcode-bench-result')).toBeNull();

    await changeLanguage('en');
    await user.click(screen.getByTestId('barcode-bench-parse'));
    await waitFor(() =>
      expect(screen.getByTestId('barcode-bench-error').textContent).toContain(
        'No barcode parsing rule reads this barcode (vendor: -); check the barcode or the barcode parsing rules',
      ),
    );
    expect(screen.getByRole('button', { name: 'Parse' })).toBeTruthy();
  });

  it('refuses a malformed GS1 scan with the reason', async () => {
    const user = userEvent.setup();
    renderBench();
    await user.click(scanBox());
    await user.paste(']C101095011015300');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('barcode-bench-error').textContent).toContain('GS1 条码无效：应用标识符 (01) 应为 14 位，实际为“095011015300”'));
  });

  it('is on the rule screen above its grid', async () => {
    signIn('ADMIN', 'org-f01');
    renderInRouter(
      <MenuRouteContext.Provider value={ruleRoute}>
        <BarcodeRulePage />
      </MenuRouteContext.Provider>,
      '/reel/parse-rule',
    );
    expect(await screen.findByTestId('barcode-test-bench')).toBeTruthy();
    expect(await screen.findByText('BR-V0001-PIPE', {}, { timeout: 5000 })).toBeTruthy();
    // The settings each kind takes, with an example to copy.
    await userEvent.setup().click(screen.getByText('设置(JSON)示例'));
    expect((await screen.findByTestId('barcode-settings-examples')).textContent).toContain('{"delimiter":"|","fields":{"PartCode":1,"Qty":2,"LotCode":3,"DateCode":4}}');
  });
});
