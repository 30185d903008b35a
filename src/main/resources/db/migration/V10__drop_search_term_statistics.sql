-- The planner now asks the index itself whether a term has more matches than it would be worth
-- reading (a bounded MATCH ... LIMIT), which costs at most that many rows; the per-trigram
-- document counts read the whole of a common trigram's list every time, so they are gone.
DROP TABLE snippets_fts_terms;
