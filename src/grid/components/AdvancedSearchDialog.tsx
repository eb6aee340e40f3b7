import { useEffect, useMemo, useState } from 'react';
import { Button, Col, Form, Modal, Row, Select, Space, Spin, Switch, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { loadSavedConditions, saveConditions } from '../api/listParam';
import { gridKeys } from '../api/queries';
import { fromSavedConditions, newSearchCondition, toSavedConditions, usesRangeValue, withAction, withField } from '../logic/conditions';
import { isHalfFilledRange } from '../logic/numberRange';
import { byOrder } from '../logic/rows';
import { ACTION_TYPES, DATA_TYPE, type ActionType } from '../model/codes';
import { ADVANCED_SEARCH_WIDTH } from '../model/constants';
import type { NumberRangeValue, SearchCondition, SearchFieldSetting } from '../model/types';
import { useAdvancedSearchStore, useRouteSearch } from '../state/advancedSearchStore';
import { ConditionValueEditor } from './ConditionValueEditor';

interface AdvancedSearchDialogProps {
  open: boolean;
  onClose(): void;
  listRoute: string;
  /** The page's route path: the search state is kept per path (spec §4). */
  routePath: string;
  userName: string;
  fields: readonly SearchFieldSetting[];
}

/**
 * The advanced-search dialog (spec §2, §4, §5): 50% wide, not closed by a click outside; rows of
 * field / action / value. The first opening on a page starts from the user's saved search; later
 * ones from the page's last search.
 */
export function AdvancedSearchDialog({ open, onClose, listRoute, routePath, userName, fields }: AdvancedSearchDialogProps) {
  const { t } = useTranslation('grid');
  const routeSearch = useRouteSearch(routePath);
  const saved = useQuery({
    queryKey: [...gridKeys.all(listRoute), 'savedSearch', userName],
    queryFn: () => loadSavedConditions(listRoute, userName),
    enabled: open && !routeSearch.savedLoaded,
  });

  // The saved search becomes the page's conditions once; a failed read starts empty (the api layer
  // showed why). Only a read made now counts: another page on the same list may have saved since.
  const savedSettled = (saved.isSuccess && saved.isFetchedAfterMount) || saved.isError;
  useEffect(() => {
    if (routeSearch.savedLoaded || !savedSettled) return;
    useAdvancedSearchStore.getState().savedConditionsLoaded(routePath, fromSavedConditions(saved.data ?? []));
  }, [routeSearch.savedLoaded, savedSettled, saved.data, routePath]);

  return (
    <Modal
      open={open}
      title={t('search.title')}
      width={ADVANCED_SEARCH_WIDTH}
      maskClosable={false}
      destroyOnHidden
      onCancel={onClose}
      footer={null}
    >
      {routeSearch.savedLoaded ? (
        <ConditionRows
          listRoute={listRoute}
          routePath={routePath}
          userName={userName}
          fields={fields}
          initialRows={routeSearch.conditions}
          onClose={onClose}
        />
      ) : (
        <Spin />
      )}
    </Modal>
  );
}

interface ConditionRowsProps extends Pick<AdvancedSearchDialogProps, 'listRoute' | 'routePath' | 'userName' | 'fields' | 'onClose'> {
  initialRows: SearchCondition[];
}

const isBadRange = (c: SearchCondition) =>
  c.DATA_TYPE === DATA_TYPE.numberRange && usesRangeValue(c.DATA_TYPE, c.ACTION_TYPE) && isHalfFilledRange(c.value as NumberRangeValue);

/**
 * The dialog's rows and buttons, mounted afresh at each opening (the modal destroys its content
 * when hidden). A search turns the page's advanced search on, saves the conditions for the user
 * when 'immediate save' is on, and closes the dialog.
 */
function ConditionRows({ listRoute, routePath, userName, fields, initialRows, onClose }: ConditionRowsProps) {
  const { t } = useTranslation('grid');
  const immediateSave = useRouteSearch(routePath).immediateSave;
  const [rows, setRows] = useState<SearchCondition[]>(() => (initialRows.length ? initialRows : [newSearchCondition()]));
  const [showErrors, setShowErrors] = useState(false);

  const sortedFields = useMemo(() => byOrder(fields), [fields]);
  const fieldByName = useMemo(() => new Map(fields.map((f) => [f.PARAM_NAME, f])), [fields]);
  const fieldOptions = useMemo(
    () => sortedFields.map((f) => ({ value: f.PARAM_NAME, label: f.PARAM_CAPTION || f.PARAM_NAME })),
    [sortedFields],
  );
  const actionOptions = useMemo(() => ACTION_TYPES.map((code) => ({ value: code, label: t(`actionType.${code}`) })), [t]);

  const update = (key: string, change: (row: SearchCondition) => SearchCondition) =>
    setRows((all) => all.map((row) => (row.key === key ? change(row) : row)));

  const search = () => {
    setShowErrors(true);
    if (rows.some((row) => !row.PARAM_NAME || isBadRange(row))) return;
    useAdvancedSearchStore.getState().searched(routePath, rows);
    if (immediateSave) void saveConditions(listRoute, toSavedConditions(rows, userName)).catch(() => {});
    onClose();
  };

  return (
    <>
      <Form component={false}>
        {rows.map((row, index) => {
          const rowLabel = t('search.rowLabel', { index: index + 1 });
          const missingField = showErrors && !row.PARAM_NAME;
          return (
            <Row key={row.key} gutter={8} wrap={false}>
              <Col flex="30%">
                <Form.Item validateStatus={missingField ? 'error' : undefined} help={missingField ? t('search.fieldRequired') : undefined}>
                  <Select
                    aria-label={`${rowLabel} ${t('search.field')}`}
                    placeholder={t('search.field')}
                    showSearch
                    optionFilterProp="label"
                    options={fieldOptions}
                    value={row.PARAM_NAME}
                    onChange={(name: string) => update(row.key, (r) => withField(r, fieldByName.get(name)))}
                  />
                </Form.Item>
              </Col>
              <Col flex="20%">
                <Form.Item>
                  <Select
                    aria-label={`${rowLabel} ${t('search.action')}`}
                    options={actionOptions}
                    value={row.ACTION_TYPE}
                    onChange={(action: ActionType) => update(row.key, (r) => withAction(r, action))}
                  />
                </Form.Item>
              </Col>
              <Col flex="auto">
                <Form.Item>
                  <ConditionValueEditor
                    listRoute={listRoute}
                    condition={row}
                    ariaLabel={`${rowLabel} ${t('search.value')}`}
                    onChange={(value) => update(row.key, (r) => ({ ...r, value }))}
                  />
                </Form.Item>
              </Col>
              <Col flex="none">
                <Button
                  aria-label={`${rowLabel} ${t('search.removeRow')}`}
                  icon={<DeleteOutlined />}
                  onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}
                />
              </Col>
            </Row>
          );
        })}
      </Form>
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Space>
          <Switch
            aria-label={t('search.immediateSave')}
            checked={immediateSave}
            onChange={(on) => useAdvancedSearchStore.getState().setImmediateSave(routePath, on)}
          />
          <Typography.Text>{t('search.immediateSave')}</Typography.Text>
        </Space>
        <Space>
          <Button icon={<PlusOutlined />} onClick={() => setRows((all) => [...all, newSearchCondition()])}>
            {t('search.addRow')}
          </Button>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="primary" onClick={search}>
            {t('quickSearch.search')}
          </Button>
        </Space>
      </Space>
    </>
  );
}
