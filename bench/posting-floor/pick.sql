-- The database floor of one Bill/Pick (bench/posting-floor.ts): the rows a pick of a whole reel on a
-- WO bill writes, with the locks it takes, as the fewest plain statements, run by pgbench with no
-- server in between. Job :k of client :client_id of window :win names the bill and the reel.
\set k :k + 1
SELECT bill_id, reel_code FROM bench_floor_jobs WHERE win = :win AND client = :client_id AND i = :k \gset
BEGIN;
SELECT id, status FROM bill_headers WHERE id = :bill_id FOR UPDATE;
SELECT line_no, part_code, qty, actual_qty FROM bill_lines WHERE bill_id = :bill_id;
SELECT part_code, lot_code, qty, sic, loc FROM stock_reels WHERE org_id = :org AND reel_code = :reel_code FOR UPDATE \gset r_
UPDATE stock_reels SET status = 'ISSUED', sic = NULL, loc = NULL, updated_at = now() WHERE org_id = :org AND reel_code = :reel_code;
UPDATE stock_balances SET on_hand = on_hand - (:r_qty)::numeric, updated_at = now() WHERE org_id = :org AND part_code = :r_part_code AND sic = :r_sic AND loc = :r_loc AND lot_code = :r_lot_code;
WITH request AS (INSERT INTO stock_requests (org_id, user_id) VALUES (:org, 'user-bench') RETURNING id) INSERT INTO stock_transactions (org_id, request_id, kind, user_id, user_name, bill_code, bill_line_no, reel_code, part_code, lot_code, from_sic, from_loc, qty, reel_status_before, reel_status_after) SELECT :org, id, 'ISSUE', 'user-bench', 'bench', 'BENCH-FLOOR', 1, :reel_code, :r_part_code, :r_lot_code, :r_sic, :r_loc, -(:r_qty)::numeric, 'IN_STOCK', 'ISSUED' FROM request RETURNING id AS txn \gset t_
INSERT INTO bill_boxes (bill_id, reel_code, org_id, line_no, part_code, qty, status, lot_code, txn_id, picked_at, picked_by) VALUES (:bill_id, :reel_code, :org, 1, :r_part_code, (:r_qty)::numeric, 'PICKED', :r_lot_code, :t_txn, now(), 'bench');
UPDATE bill_lines SET actual_qty = actual_qty + (:r_qty)::numeric WHERE bill_id = :bill_id AND line_no = 1;
UPDATE bill_headers SET status = 'PROCESSING', updated_at = now(), version = version + 1 WHERE id = :bill_id;
INSERT INTO bill_action_log (org_id, bill_id, action, status_before, status_after, line_no, reel_code, qty, user_id, user_name) VALUES (:org, :bill_id, 'Pick', 'PROCESSING', 'PROCESSING', 1, :reel_code, (:r_qty)::numeric, 'user-bench', 'bench');
END;
