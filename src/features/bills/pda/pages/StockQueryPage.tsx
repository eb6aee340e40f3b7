/**
 * /pda/stock-query: scan a part code — or any reel of it — and see the part's stock: on hand and
 * available in all, and by place and lot (Stock/Balance, the stock screen's call; Reel/Get names a
 * scanned reel's part).
 */
import { Empty, Spin } from 'antd';
import Decimal from 'decimal.js';
import { useTranslation } from 'react-i18next';
import { api, type ApiSchema } from '../../../../api/client';
import { callWrappedList } from '../../../../api/call';
import { useQuantityText } from '../../../../grid/stock/format';
import { lookUpReel } from '../api';
import { ScanField } from '../components/ScanField';
import { ScanResult } from '../components/ScanResult';
import { useScanLookup } from '../scan/useScanLookup';

type BalanceRow = ApiSchema<'BalanceRow'>;

/** A terminal shows at most this many places; the stock screen has them all. */
const MAX_PLACES = 200;

const balanceOf = async (partCode: string) =>
  (await callWrappedList(api.POST('/Stock/Balance', { body: { PartCode: partCode, Page: 1, Limit: MAX_PLACES } }), { silent: true })).rows;

/** The part's stock; a code that is no part with stock but a reel's gives that reel's part. */
async function stockOfScan(code: string): Promise<{ partCode: string; rows: BalanceRow[] }> {
  const rows = await balanceOf(code);
  if (rows.length) return { partCode: code, rows };
  const reel = await lookUpReel(code).catch(() => undefined);
  if (!reel) return { partCode: code, rows: [] };
  return { partCode: reel.PartCode, rows: await balanceOf(reel.PartCode) };
}

const available = (row: BalanceRow) => new Decimal(row.Qty).minus(row.ReservedQty).minus(row.InspectionQty);

export default function StockQueryPage() {
  const { t } = useTranslation('pda');
  const { t: field } = useTranslation('stock');
  const quantity = useQuantityText();
  const { answer, busy, onScan } = useScanLookup(stockOfScan, (stock) => stock.rows.length > 0);

  const stock = answer && 'value' in answer ? answer.value : undefined;
  const total = (rows: BalanceRow[], of: (row: BalanceRow) => Decimal.Value) => quantity(rows.reduce((sum, row) => sum.plus(of(row)), new Decimal(0)).toString());

  return (
    <div className="pda-page" data-testid="pda-stock-query">
      <ScanField label={t('scan.partToQuery')} onScan={onScan} />
      {busy && <Spin size="large" className="pda-spin" />}
      {!answer && !busy && <Empty description={t('stock.prompt')} />}
      {answer && 'refusal' in answer && <ScanResult result={{ kind: 'refused', title: t('result.refused'), code: answer.code, message: answer.refusal }} />}
      {stock && !stock.rows.length && <ScanResult result={{ kind: 'refused', title: t('stock.none', { part: stock.partCode }), code: answer?.code }} />}
      {stock && stock.rows.length > 0 && (
        <section className="pda-reel" data-testid="pda-stock">
          <div className="pda-reel-head">
            <span className="pda-reel-code" data-testid="pda-stock-part">
              {stock.partCode}
            </span>
          </div>
          <dl className="pda-facts">
            <div className="pda-fact">
              <dt>{field('field.OnHand')}</dt>
              <dd data-testid="pda-stock-onhand">{total(stock.rows, (row) => row.Qty)}</dd>
            </div>
            <div className="pda-fact">
              <dt>{field('field.Available')}</dt>
              <dd data-testid="pda-stock-available">{total(stock.rows, available)}</dd>
            </div>
          </dl>
          <table className="pda-lines" data-testid="pda-stock-places">
            <thead>
              <tr>
                <th>{`${field('field.Sic')} / ${field('field.Loc')} · ${field('field.LotCode')}`}</th>
                <th>{field('field.OnHand')}</th>
                <th>{field('field.Available')}</th>
              </tr>
            </thead>
            <tbody>
              {stock.rows.map((row) => (
                <tr key={`${row.Sic}|${row.Loc}|${row.LotCode}`}>
                  <td>
                    <div className="pda-line-part">{[row.Sic, row.Loc].filter(Boolean).join(' / ')}</div>
                    {row.LotCode && <div className="pda-line-name">{row.LotCode}</div>}
                  </td>
                  <td>{quantity(row.Qty)}</td>
                  <td className="pda-line-remaining">{quantity(available(row).toString())}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}
