-- Per-trigram document counts of the search index, read to estimate how many snippets a search
-- term can match before choosing how to run the search.
CREATE VIRTUAL TABLE snippets_fts_terms USING fts5vocab(snippets_fts, 'row');
