/**
 * The moisture-sensitive run-card history (/msd/run-card): the grid of every reel event (the view
 * msd_run_card_list; declared in src/shared/pages/msd-run-card.ts), and 流转卡 to look up one reel's floor life
 * and record its next event (RunCardPanel).
 */
import { useState } from 'react';
import { HistoryOutlined } from '@ant-design/icons';
import { Button, Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListRoutePage } from '../../../grid/ListRoutePage';
import { useInvalidateGrid } from '../../../grid/api/queries';
import { msdRunCardPage } from '../../../shared/pages/msd-run-card';
import { RunCardPanel } from '../components/RunCardPanel';

export default function MsdRunCardPage() {
  const { t } = useTranslation('msd');
  const invalidate = useInvalidateGrid(msdRunCardPage.link);
  const [open, setOpen] = useState(false);
  return (
    <>
      <ListRoutePage
        page={msdRunCardPage}
        toolbarExtra={
          <Button type="primary" icon={<HistoryOutlined />} onClick={() => setOpen(true)}>
            {t('runCard')}
          </Button>
        }
      />
      {/* The drawer leaves the focus where the panel puts it: in the scan box, ready for the first scan. */}
      <Drawer open={open} onClose={() => setOpen(false)} width={720} title={t('runCard')} destroyOnHidden autoFocus={false}>
        <RunCardPanel onChanged={() => void invalidate('rows')} />
      </Drawer>
    </>
  );
}
