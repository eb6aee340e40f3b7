-- The database floor of one Bill/ConfirmReceipt (bench/posting-floor.ts): the rows a receipt of one
-- created reel on an ASN writes, with the locks it takes, as the fewest plain statements, run by
-- pgbench with no server in between (an inspection part's IQC document is not in it: a lower bound).
-- Job :k of client :client_id of window :win names the bill and the reel.
\set k :k + 1
SELECT bill_id, reel_code FROM bench_floor_jobs WHERE win = :win AND client = :client_id AND i = :k \gset
BEGIN;
SELECT id, status FROM bill_headers WHERE id = :bill_id FOR UPDATE;
SELECT to_sic, to_loc FROM bill_lines WHERE bill_id = :bill_id AND line_no = 1 \gset l_
SELECT part_code, lot_code, qty FROM stock_reels WHERE org_id = :org AND reel_code = :reel_code FOR UPDATE \gset r_
UPDATE stock_reels SET status = 'IN_STOCK', sic = :l_to_sic, loc = :l_to_loc, received_at = now(), updated_at = now() WHERE org_id = :org AND reel_code = :reel_code;
INSERT INTO stock_balances AS b (org_id, part_code, sic, loc, lot_code, on_hand) VALUES (:org, :r_part_code, :l_to_sic, :l_to_loc, :r_lot_code, (:r_qty)::numeric) ON CONFLICT (org_id, part_code, sic, loc, lot_code) DO UPDATE SET on_hand = b.on_hand + excluded.on_hand, updated_at = now();
WITH request AS (INSERT INTO stock_requests (org_id, user_id) VALUES (:org, 'user-bench') RETURNING id) INSERT INTO stock_transactions (org_id, request_id, kind, user_id, user_name, bill_code, bill_line_no, reel_code, part_code, lot_code, to_sic, to_loc, qty, reel_status_before, reel_status_after) SELECT :org, id, 'RECEIVE', 'user-bench', 'bench', 'BENCH-FLOOR', 1, :reel_code, :r_part_code, :r_lot_code, :l_to_sic, :l_to_loc, (:r_qty)::numeric, 'CREATED', 'IN_STOCK' FROM request RETURNING id AS txn \gset t_
UPDATE bill_boxes SET status = 'RECEIVED', txn_id = :t_txn, updated_at = now() WHERE bill_id = :bill_id AND reel_code = :reel_code;
UPDATE bill_lines SET actual_qty = actual_qty + (:r_qty)::numeric WHERE bill_id = :bill_id AND line_no = 1;
UPDATE bill_headers SET status = 'PROCESSING', updated_at = now(), version = version + 1 WHERE id = :bill_id;
INSERT INTO bill_action_log (org_id, bill_id, action, status_before, status_after, line_no, reel_code, qty, user_id, user_name) VALUES (:org, :bill_id, 'ConfirmReceipt', 'PROCESSING', 'PROCESSING', 1, :reel_code, (:r_qty)::numeric, 'user-bench', 'bench');
END;
