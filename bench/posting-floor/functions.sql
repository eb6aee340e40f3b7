-- bench/posting-floor.ts: the database functions of the function-per-action floors (bench-only,
-- created in the posting bench's scratch database). The same statements as pick.sql.
CREATE OR REPLACE FUNCTION bench_floor_pick(p_org text, p_bill bigint, p_reel text) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  r record;
  txn bigint;
BEGIN
  PERFORM 1 FROM bill_headers WHERE id = p_bill FOR UPDATE;
  PERFORM line_no, part_code, qty, actual_qty FROM bill_lines WHERE bill_id = p_bill;
  SELECT part_code, lot_code, qty, sic, loc INTO r FROM stock_reels WHERE org_id = p_org AND reel_code = p_reel FOR UPDATE;
  IF NOT FOUND THEN RAISE EXCEPTION 'no reel %', p_reel; END IF;
  UPDATE stock_reels SET status = 'ISSUED', sic = NULL, loc = NULL, updated_at = now() WHERE org_id = p_org AND reel_code = p_reel;
  UPDATE stock_balances SET on_hand = on_hand - r.qty, updated_at = now() WHERE org_id = p_org AND part_code = r.part_code AND sic = r.sic AND loc = r.loc AND lot_code = r.lot_code;
  WITH request AS (INSERT INTO stock_requests (org_id, user_id) VALUES (p_org, 'user-bench') RETURNING id)
  INSERT INTO stock_transactions (org_id, request_id, kind, user_id, user_name, bill_code, bill_line_no, reel_code, part_code, lot_code, from_sic, from_loc, qty, reel_status_before, reel_status_after)
  SELECT p_org, id, 'ISSUE', 'user-bench', 'bench', 'BENCH-FLOOR', 1, p_reel, r.part_code, r.lot_code, r.sic, r.loc, -r.qty, 'IN_STOCK', 'ISSUED' FROM request RETURNING id INTO txn;
  INSERT INTO bill_boxes (bill_id, reel_code, org_id, line_no, part_code, qty, status, lot_code, txn_id, picked_at, picked_by)
  VALUES (p_bill, p_reel, p_org, 1, r.part_code, r.qty, 'PICKED', r.lot_code, txn, now(), 'bench');
  UPDATE bill_lines SET actual_qty = actual_qty + r.qty WHERE bill_id = p_bill AND line_no = 1;
  UPDATE bill_headers SET status = 'PROCESSING', updated_at = now(), version = version + 1 WHERE id = p_bill;
  INSERT INTO bill_action_log (org_id, bill_id, action, status_before, status_after, line_no, reel_code, qty, user_id, user_name)
  VALUES (p_org, p_bill, 'Pick', 'PROCESSING', 'PROCESSING', 1, p_reel, r.qty, 'user-bench', 'bench');
  RETURN txn;
END $$;
