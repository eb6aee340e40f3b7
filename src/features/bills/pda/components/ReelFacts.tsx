/**
 * A reel's facts, big: part, quantity, status, place, lot, expiry, vendor (the reel lookup and the transfer). The
 * part and the vendor show their master-data names under their codes: a code alone does not tell the operator
 * which material it is.
 */
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useQuantityText } from '../../../../grid/stock/format';
import type { ApiSchema } from '../../../../api/client';

type Reel = ApiSchema<'Reel'>;
import { factClass } from './ScanResult';

const STATUS_COLOR: Record<Reel['Status'], string> = { CREATED: 'default', INSPECTION: 'orange', IN_STOCK: 'green', ISSUED: 'blue', SCRAPPED: 'red' };

export const placeOf = (reel: Pick<Reel, 'Sic' | 'Loc'>) => [reel.Sic, reel.Loc].filter(Boolean).join(' / ');

export function ReelFacts({ reel }: { reel: Reel }) {
  const { t } = useTranslation('stock');
  const quantity = useQuantityText();
  /** Label, value, test id, and the name under a code. */
  const facts: [string, string, string, (string | null)?][] = [
    [t('field.PartCode'), reel.PartCode, 'part', reel.PartName],
    [t('field.Qty'), quantity(reel.Qty), 'qty'],
    [`${t('field.Sic')} / ${t('field.Loc')}`, placeOf(reel), 'place'],
    [t('field.LotCode'), reel.LotCode, 'lot'],
    [t('field.DateCode'), reel.DateCode ?? '', 'datecode'],
    [t('field.ExpireDate'), reel.ExpireDate ?? '', 'expiry'],
    [t('field.VendorCode'), reel.VendorCode ?? '', 'vendor', reel.VendorName],
  ];
  return (
    <div className="pda-reel" data-testid="pda-reel">
      <div className="pda-reel-head">
        <span className="pda-reel-code" data-testid="pda-reel-code">
          {reel.ReelCode}
        </span>
        <Tag color={STATUS_COLOR[reel.Status]} className="pda-reel-status" data-testid="pda-reel-status">
          {t(`reelStatus.${reel.Status}`)}
        </Tag>
      </div>
      <dl className="pda-facts">
        {facts
          .filter(([, value]) => value !== '')
          .map(([label, value, key, name]) => (
            <div key={key} className={factClass(name ? `${value} ${name}` : value)}>
              <dt>{label}</dt>
              <dd data-testid={`pda-reel-${key}`}>{value}</dd>
              {name && (
                <dd className="pda-fact-name" data-testid={`pda-reel-${key}-name`}>
                  {name}
                </dd>
              )}
            </div>
          ))}
      </dl>
    </div>
  );
}
