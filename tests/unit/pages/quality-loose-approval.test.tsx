/**
 * The Loose-acceptance approval screen on the mocks (mocks/scenarios/quality.ts): the generated page's
 * checks, then the rejected documents only, 放宽接收 with its reason required (Iqc/LooseAccept), the
 * released document leaving the list; the action is not offered without 放宽接收审批.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { changeLanguage } from '../../../src/core/i18n';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { describeGeneratedPage } from './pageTestKit';
import { qualityLooseApprovalPage } from '../../../src/shared/pages/quality-loose-approval';
import QualityLooseApprovalPage from '../../../src/features/quality/pages/QualityLooseApprovalPage';
import { MenuRouteContext } from '../../../src/core/navigation/menuRouteContext';
import { useNavigationStore } from '../../../src/core/navigation/navigationStore';
import { bodyRows, buttonNamed, cellTexts, expectToast, modalTitled, recordRequests, renderInRouter, resetGridTestState, signIn, waitForRows } from '../grid/gridTestKit';
import { menuPageRoute } from '../menuRoutes';

describeGeneratedPage(qualityLooseApprovalPage, () => import('../../../src/features/quality/pages/QualityLooseApprovalPage'));

const route = menuPageRoute('QualityLooseApproval', 'quality/loose-approval', '放宽接收审批', 'Loose-acceptance approval');

const render = () =>
  renderInRouter(
    <MenuRouteContext.Provider value={route}>
      <QualityLooseApprovalPage />
    </MenuRouteContext.Provider>,
    '/quality/loose-approval',
  );

const codesShown = () => bodyRows().map((row) => cellTexts(row).find((text) => text.startsWith('IQC')));

describe('loose acceptance of a rejected lot', () => {
  beforeEach(resetGridTestState);

  it('lists the rejected documents only; 放宽接收 needs the reason, then releases the lot and it leaves the list', async () => {
    const u = userEvent.setup({ delay: null });
    const requests = recordRequests('/Iqc/LooseAccept');
    signIn('ADMIN');
    render();
    await waitForRows();
    expect(codesShown()).toEqual(['IQC202611010003', 'IQC202611010004']);
    expect(bodyRows().every((row) => cellTexts(row).includes('已拒收'))).toBe(true);

    await u.click(within(bodyRows()[0]).getByRole('checkbox'));
    await u.click(buttonNamed('放宽接收'));
    const dialog = await modalTitled('放宽接收 IQC202611010003');
    await u.click(within(dialog).getByRole('button', { name: /确\s*认/ }));
    await waitFor(() => expect(dialog.textContent).toContain('请输入放宽接收原因'));
    expect(requests).toHaveLength(0);
    await u.type(within(dialog).getByLabelText('放宽接收原因'), '客户同意让步接收');
    await u.click(within(dialog).getByRole('button', { name: /确\s*认/ }));
    await expectToast('检验单 IQC202611010003 已放宽接收');
    expect(requests).toEqual([{ Id: 'org-f01-iqc-3', Reason: '客户同意让步接收' }]);
    await waitFor(() => expect(codesShown()).toEqual(['IQC202611010004']));
  }, 60_000);

  it('does not offer 放宽接收 to a user without 放宽接收审批', async () => {
    signIn('ADMIN');
    const { grants, setGrants } = useNavigationStore.getState();
    const withoutApproval = Object.fromEntries(Object.entries(grants).filter(([menu]) => menu !== 'QualityLooseApproval'));
    setGrants(withoutApproval);
    render();
    await waitFor(() => expect(screen.getByRole('button', { name: /打\s*开/ })).toBeTruthy());
    expect(screen.queryByRole('button', { name: /放宽接收/ })).toBeNull();
  });
});

describe('the empty list', () => {
  beforeEach(resetGridTestState);

  it('says that nothing awaits loose acceptance and why documents come here, not just 暂无数据, in both languages', async () => {
    const u = userEvent.setup({ delay: null });
    signIn('ADMIN');
    render();
    await waitForRows();
    await u.type(screen.getByRole('textbox', { name: '快速查询 检验单号' }), 'NO-SUCH-DOCUMENT');
    await u.click(buttonNamed('搜索'));
    const empty = await waitFor(() => {
      const shown = document.querySelector('.data-grid-empty .ant-empty-description');
      expect(shown?.textContent).toBe('没有等待放宽接收的检验单：判定为拒收的检验单会在这里等待审批');
      return shown!;
    });
    expect(empty.textContent).not.toContain('暂无数据');
    await act(() => changeLanguage('en'));
    await waitFor(() =>
      expect(document.querySelector('.data-grid-empty .ant-empty-description')?.textContent).toBe('No inspection documents await loose acceptance: documents judged rejected wait here for approval'),
    );
  });
});
