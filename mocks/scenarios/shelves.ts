/**
 * The rack view (Shelf/Cells) in mock mode: a rack of the mocks' master data (电子料架) with its cells
 * (电子料架储位) in the reference server's order and shape (server/modules/shelves/shelves.ts rackCells), so
 * a rack or cell a tester adds or edits shows there. What is not modelled: the mocks keep no stock and send
 * no light (a bill's lights are logged, ./bills.ts), so every cell is dark and holds no reel.
 */
import type { components } from '../../src/api/schema';
import { Refusal } from '../../src/shared/messages/refusal';
import { createContractHttp } from '../generated/handlers';
import { okWith as ok, signedInAnswer } from './answers';
import { masterRowsIn } from './masterdata';

type ShelfCellView = components['schemas']['ShelfCell'];

function rackCells(orgId: string, rackCode: string) {
  const rack = masterRowsIn('Rack', orgId).find((row) => row.code === rackCode);
  if (!rack) throw new Refusal(404, 'shelfRackNotFound', { rack: rackCode });
  const cells = masterRowsIn('RackCell', orgId)
    .filter((cell) => cell.rack_code === rackCode)
    .sort((a, b) => Number(a.row_no) - Number(b.row_no) || Number(a.column_no) - Number(b.column_no) || String(a.code).localeCompare(String(b.code)));
  return {
    RackCode: rackCode,
    RackName: String(rack.name),
    Device: 'simulator',
    Cells: cells.map((cell): ShelfCellView => ({
      CellCode: String(cell.code),
      RowNo: Number(cell.row_no),
      ColumnNo: Number(cell.column_no),
      Address: String(cell.light_address),
      LocatorCode: (cell.locator_code as string | null) ?? null,
      Enabled: Boolean(cell.enabled),
      Light: { On: false, Color: 'green', Blink: false },
      SendStatus: null,
      SendError: null,
      ReelCount: 0,
      Reels: [],
    })),
  };
}

export function shelfHandlers(baseUrl: string) {
  const http = createContractHttp(baseUrl);
  return [
    http.get('/Shelf/Cells', signedInAnswer((caller, request) => ok(request, rackCells(caller.orgId, new URL(request.url).searchParams.get('rackCode') ?? '')))),
  ];
}
