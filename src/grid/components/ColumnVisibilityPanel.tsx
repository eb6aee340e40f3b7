import { useEffect, useRef, useState } from 'react';
import { Button, Checkbox, Space, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGridFeedback } from '../hooks/useGridFeedback';
import { byOrder, showAllColumns, yesNo } from '../logic/rows';
import type { ColumnConfig } from '../model/types';

export interface PanelAnchor {
  x: number;
  y: number;
}

interface ColumnVisibilityPanelProps {
  anchor: PanelAnchor;
  configs: readonly ColumnConfig[];
  onClose(): void;
  /** Confirm: the columns with their visible flags as ticked. */
  onConfirm(configs: ColumnConfig[]): Promise<void>;
}

const PANEL_WIDTH = 240;
const PANEL_MAX_HEIGHT = 360;

/** Keeps the panel inside the window when the click was near its right or bottom edge. */
const placeNear = ({ x, y }: PanelAnchor) => ({
  left: Math.max(0, Math.min(x, window.innerWidth - PANEL_WIDTH - 8)),
  top: Math.max(0, Math.min(y, window.innerHeight - PANEL_MAX_HEIGHT - 8)),
});

/**
 * The small floating column-visibility panel opened at the click (spec §2, §4, §5): tick the
 * columns to show; confirm saves the visible flags; show-all ticks every column, or warns when
 * they all show already.
 */
export function ColumnVisibilityPanel({ anchor, configs, onClose, onConfirm }: ColumnVisibilityPanelProps) {
  const { t } = useTranslation('grid');
  const { token } = theme.useToken();
  const feedback = useGridFeedback();
  const [draft, setDraft] = useState(() => byOrder(configs));
  const [saving, setSaving] = useState(false);
  const panel = useRef<HTMLDivElement>(null);

  // A press anywhere else closes the panel, as a popover would.
  useEffect(() => {
    const closeOutside = (event: MouseEvent) => {
      if (panel.current && !panel.current.contains(event.target as Node)) onClose();
    };
    document.addEventListener('mousedown', closeOutside);
    return () => document.removeEventListener('mousedown', closeOutside);
  }, [onClose]);

  const showAll = () => {
    const next = showAllColumns(draft);
    if (next === 'alreadyAll') feedback.warning(t('columnPanel.allVisibleAlready'));
    else setDraft(next);
  };

  const confirm = async () => {
    setSaving(true);
    try {
      await onConfirm(draft);
      onClose();
    } catch {
      // Shown by the api layer; the panel stays open with the ticks as they were.
    } finally {
      setSaving(false);
    }
  };

  return (
    <div
      ref={panel}
      role="dialog"
      aria-label={t('columnPanel.title')}
      style={{
        position: 'fixed',
        ...placeNear(anchor),
        width: PANEL_WIDTH,
        zIndex: token.zIndexPopupBase,
        background: token.colorBgElevated,
        boxShadow: token.boxShadowSecondary,
        borderRadius: token.borderRadiusLG,
        padding: token.paddingSM,
      }}
    >
      <Typography.Text strong>{t('columnPanel.title')}</Typography.Text>
      <div style={{ maxHeight: PANEL_MAX_HEIGHT - 96, overflowY: 'auto', margin: `${token.marginXS}px 0` }}>
        {draft.map((column) => (
          <div key={column.FIELD_NAME}>
            <Checkbox
              checked={column.IS_VISIBLE === 'Y'}
              onChange={(e) =>
                setDraft((all) => all.map((c) => (c.FIELD_NAME === column.FIELD_NAME ? { ...c, IS_VISIBLE: yesNo(e.target.checked) } : c)))
              }
            >
              {column.FIELD_CAPTION || column.FIELD_NAME}
            </Checkbox>
          </div>
        ))}
      </div>
      <Space>
        <Button size="small" onClick={showAll}>
          {t('columnPanel.showAll')}
        </Button>
        <Button size="small" onClick={onClose}>
          {t('actions.cancel')}
        </Button>
        <Button size="small" type="primary" loading={saving} onClick={() => void confirm()}>
          {t('actions.ok')}
        </Button>
      </Space>
    </div>
  );
}
