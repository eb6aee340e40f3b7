/**
 * The bill's action toolbar: exactly the whole-bill actions its type declares that its status
 * accepts (src/shared/bills/actions.ts, the table the server checks) and the user has the button
 * of. Undoing and ending actions ask first. Each answers the bill's new status; the page refreshes.
 */
import { useState } from 'react';
import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../core/i18n/localizedTitle';
import type { BillAction } from '../../../shared/bills/actions';
import type { BillTypeDeclaration } from '../../../shared/bills/declaration';
import type { BillStatus } from '../../../shared/bills/statuses';
import { CONFIRMED_ACTIONS, toolbarActions, type HasButton } from '../model/billActions';
import { actionLabel } from '../model/labels';

export interface BillActionToolbarProps {
  declaration: BillTypeDeclaration;
  status: BillStatus;
  has: HasButton;
  /** Sends the action; resolves when the bill has been refreshed, rejects on refusal (already shown). */
  onAction(action: Exclude<BillAction, 'Save'>): Promise<unknown>;
}

export function BillActionToolbar({ declaration, status, has, onAction }: BillActionToolbarProps) {
  const { t } = useTranslation('bills');
  const language = useLanguage();
  const [running, setRunning] = useState<BillAction>();
  const actions = toolbarActions(declaration, status, has) as Exclude<BillAction, 'Save'>[];

  const run = async (action: Exclude<BillAction, 'Save'>) => {
    setRunning(action);
    try {
      await onAction(action);
    } catch {
      // The refusal was shown by the call; the bill is as it was.
    } finally {
      setRunning(undefined);
    }
  };

  if (!actions.length) return null;
  return (
    <Space wrap role="toolbar" aria-label={t('toolbar.label')} data-testid="bill-action-toolbar">
      {actions.map((action) => {
        const label = actionLabel(action, language);
        const button = (
          <Button key={action} loading={running === action} disabled={Boolean(running) && running !== action} onClick={CONFIRMED_ACTIONS.includes(action) ? undefined : () => void run(action)}>
            {label}
          </Button>
        );
        return CONFIRMED_ACTIONS.includes(action) ? (
          <Popconfirm key={action} title={t('toolbar.confirm', { action: label })} onConfirm={() => run(action)}>
            {button}
          </Popconfirm>
        ) : (
          button
        );
      })}
    </Space>
  );
}
