/**
 * An auxiliary-material container screen (锡膏管理, 红胶管理): the grid of its list route (one material type,
 * declared in src/shared/pages/{solder-paste,red-glue}.ts) and 容器 to receive containers and follow one's
 * thaw, exposure and validity (AuxContainerPanel), refreshing the grid after each step.
 */
import { useState } from 'react';
import { ExperimentOutlined } from '@ant-design/icons';
import { Button, Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListRoutePage } from '../../../grid/ListRoutePage';
import { useInvalidateGrid } from '../../../grid/api/queries';
import { AuxContainerPanel } from './AuxContainerPanel';

export function AuxContainerScreen({ listRoute }: { listRoute: string }) {
  const { t } = useTranslation('auxiliary');
  const invalidate = useInvalidateGrid(listRoute);
  const [open, setOpen] = useState(false);
  return (
    <>
      <ListRoutePage
        listRoute={listRoute}
        toolbarExtra={
          <Button type="primary" icon={<ExperimentOutlined />} onClick={() => setOpen(true)}>
            {t('containers')}
          </Button>
        }
      />
      {/* The drawer leaves the focus where the panel puts it: in the scan box, ready for the first scan. */}
      <Drawer open={open} onClose={() => setOpen(false)} width={760} title={t('containers')} destroyOnHidden autoFocus={false}>
        <AuxContainerPanel onChanged={() => void invalidate('rows')} />
      </Drawer>
    </>
  );
}
