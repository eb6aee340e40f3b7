/**
 * The portal scheme designer (spec §2 portal scheme management, design): the organisation's enabled
 * cards on the left, dragged onto a 12-column grid (react-grid-layout) or added with their + button,
 * moved and resized there, removed with ×, and saved as the scheme's layout. The server checks the
 * layout again (known cards, each once, sane sizes) and its refusal is shown as it says.
 */
import { useState, type DragEvent } from 'react';
import { App, Button, Card, Empty, Flex, List, Space, Typography } from 'antd';
import { CloseOutlined, HolderOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { GridLayout, useContainerWidth, type Layout, type LayoutItem } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import { PORTAL_GRID_COLUMNS, PORTAL_MAX_HEIGHT, PORTAL_MAX_ROWS } from '../../../shared/portal/cards';
import { saveSchemeLayout, type PortalCardOption, type PortalScheme } from '../api/portal';

const DRAG_TYPE = 'text/plain';
const NEW_CARD = { w: 4, h: 4 };
const DROP_AREA_HEIGHT = 320;
const ROW_HEIGHT = 40;
/** react-grid-layout's default margin between cells, in px. */
const CELL_MARGIN = 10;

/** The cell a new card let go at the pointer is centred on, as the grid places a drop. */
function dropCell(event: globalThis.DragEvent, grid: DOMRect) {
  const column = Math.round(((event.clientX - grid.left) / grid.width) * PORTAL_GRID_COLUMNS - NEW_CARD.w / 2);
  const row = Math.round((event.clientY - grid.top) / (ROW_HEIGHT + CELL_MARGIN) - NEW_CARD.h / 2);
  return { x: Math.min(Math.max(column, 0), PORTAL_GRID_COLUMNS - NEW_CARD.w), y: Math.max(row, 0) };
}

export const cardTitle = (card: Pick<PortalCardOption, 'TitleZh' | 'TitleEn'>, language: string) => (language === 'en' ? card.TitleEn : card.TitleZh);

const toGrid = (scheme: PortalScheme): LayoutItem[] => scheme.Layout.map(({ card, x, y, w, h }) => ({ i: card, x, y, w, h }));
const bottomOf = (layout: Layout) => layout.reduce((max, item) => Math.max(max, item.y + item.h), 0);

/**
 * The designer's cards where the grid has put them. The grid reports only positions: which cards
 * are placed is the designer's (add, drop, remove). Right after a drop the grid may still report the
 * layout from before it (without the dropped card), which must not take the card away again.
 */
const movedTo = (current: LayoutItem[], reported: Layout): LayoutItem[] => {
  const at = new Map(reported.map((item) => [item.i, item]));
  return current.map((item) => {
    const moved = at.get(item.i);
    return moved ? { ...item, x: moved.x, y: moved.y, w: moved.w, h: moved.h } : item;
  });
};

export function PortalDesigner({ scheme, cards, canSave, onSaved, onClose }: {
  scheme: PortalScheme;
  cards: PortalCardOption[];
  canSave: boolean;
  onSaved(scheme: PortalScheme): void;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation('portal');
  const { message } = App.useApp();
  const [layout, setLayout] = useState<LayoutItem[]>(() => toGrid(scheme));
  const [saving, setSaving] = useState(false);
  const { width, containerRef, mounted } = useContainerWidth();
  // Bumped on each drop: the grid starts again from the designer's layout (see onDrop).
  const [gridGeneration, setGridGeneration] = useState(0);
  const byCode = new Map(cards.map((card) => [card.Code, card]));
  const placed = new Set(layout.map((item) => item.i));
  const free = cards.filter((card) => !placed.has(card.Code));

  const add = (code: string, at?: { x: number; y: number }) =>
    setLayout((current) =>
      current.some((item) => item.i === code) ? current : [...current, { i: code, x: at?.x ?? 0, y: at?.y ?? bottomOf(current), ...NEW_CARD, maxH: PORTAL_MAX_HEIGHT }],
    );
  const remove = (code: string) => setLayout((current) => current.filter((item) => item.i !== code));

  const save = async () => {
    setSaving(true);
    try {
      const saved = await saveSchemeLayout({ Id: scheme.Id, Version: scheme.Version, Layout: layout.map(({ i, x, y, w, h }) => ({ card: i, x, y, w, h })) });
      void message.success(t('scheme.layoutSaved'));
      onSaved(saved);
    } catch {
      // The api layer showed the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Flex gap={16} align="flex-start" data-testid="portal-designer">
      <Card size="small" title={t('design.cards')} style={{ width: 240, flex: 'none' }}>
        {free.length ? (
          <List
            size="small"
            dataSource={free}
            renderItem={(card) => (
              <List.Item
                draggable={canSave}
                onDragStart={(event: DragEvent) => event.dataTransfer.setData(DRAG_TYPE, card.Code)}
                style={{ cursor: canSave ? 'grab' : undefined }}
                data-testid={`portal-free-${card.Code}`}
                actions={canSave ? [<Button key="add" size="small" type="text" icon={<PlusOutlined />} aria-label={t('design.add', { card: cardTitle(card, i18n.language) })} onClick={() => add(card.Code)} />] : []}
              >
                <Space size={4}>
                  <HolderOutlined />
                  {cardTitle(card, i18n.language)}
                </Space>
              </List.Item>
            )}
          />
        ) : (
          <Typography.Text type="secondary">{t('design.allPlaced')}</Typography.Text>
        )}
      </Card>
      <div style={{ flex: 1, minWidth: 0 }}>
        <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
          <Typography.Text strong>{t('design.title', { name: scheme.Name })}</Typography.Text>
          <Space>
            <Button onClick={onClose}>{t('design.back')}</Button>
            {canSave && (
              <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void save()} data-testid="portal-design-save">
                {t('design.save')}
              </Button>
            )}
          </Space>
        </Flex>
        <div ref={containerRef} className="portal-design-grid" style={{ position: 'relative', background: 'rgba(0,0,0,0.02)', border: '1px dashed rgba(0,0,0,0.15)' }}>
          {/* Over the grid, not above it: the whole dashed box is where a card can be dropped. */}
          {!layout.length && (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('design.empty')} style={{ position: 'absolute', inset: 0, margin: 0, paddingTop: 64, pointerEvents: 'none' }} />
          )}
          {mounted && (
            <GridLayout
              key={gridGeneration}
              // The grid is as tall as its cards: without a floor an empty (or short) layout would take a drop only on its top strip.
              style={{ minHeight: DROP_AREA_HEIGHT }}
              width={width}
              layout={layout}
              gridConfig={{ cols: PORTAL_GRID_COLUMNS, rowHeight: ROW_HEIGHT, maxRows: PORTAL_MAX_ROWS }}
              dragConfig={{ enabled: canSave, cancel: '.portal-no-drag' }}
              resizeConfig={{ enabled: canSave }}
              dropConfig={{ enabled: canSave, defaultItem: NEW_CARD }}
              onLayoutChange={(next) => setLayout((current) => movedTo(current, next))}
              onDrop={(_next, item, event) => {
                const drop = event as unknown as globalThis.DragEvent;
                const code = drop.dataTransfer?.getData(DRAG_TYPE);
                // react-grid-layout 2.3 puts its placeholder in on drag-over and takes it out on drop, both in
                // state: on a busy machine the drop can come before the drag-over's render, so it finds no
                // placeholder (item is undefined) and the placeholder, rendered after, stays for good, over a
                // grid that no longer shows new cards. The cell is then the pointer's, and the grid starts again.
                const grid = containerRef.current?.getBoundingClientRect();
                if (code && byCode.has(code)) add(code, item ? { x: item.x, y: item.y } : grid ? dropCell(drop, grid) : undefined);
                setGridGeneration((generation) => generation + 1);
              }}
            >
              {layout.map((item) => {
                const card = byCode.get(item.i);
                return (
                  <div key={item.i} data-testid={`portal-placed-${item.i}`}>
                    <Card size="small" title={card ? cardTitle(card, i18n.language) : item.i} style={{ height: '100%' }}
                      extra={canSave && <Button className="portal-no-drag" size="small" type="text" icon={<CloseOutlined />} aria-label={t('design.remove', { card: card ? cardTitle(card, i18n.language) : item.i })} onClick={() => remove(item.i)} />}
                    >
                      <Typography.Text type="secondary">{`${item.w} × ${item.h}`}</Typography.Text>
                    </Card>
                  </div>
                );
              })}
            </GridLayout>
          )}
        </div>
      </div>
    </Flex>
  );
}
