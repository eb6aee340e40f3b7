-- The database floor of one Bill/Pick as ONE call of a database function (bench/posting-floor.ts):
-- pick.sql's statements inside a PL/pgSQL function, so a pick is one round trip, as a
-- function-per-action design of the bill engine would make it. Job :k of client :client_id of
-- window :win names the bill and the reel.
\set k :k + 1
SELECT bench_floor_pick(:org, bill_id, reel_code) FROM bench_floor_jobs WHERE win = :win AND client = :client_id AND i = :k;
