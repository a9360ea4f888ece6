-- The inbox's search by index (docs/decisions/025-inbox-search-by-index.md): each kind of lead's searched
-- fields in an FTS5 table with the trigram tokenizer, which finds any run of three or more characters
-- in any case, as the search's LIKE '%word%' does. Contentless (the words are in the lead's own row
-- already): the triggers below write a lead's text when it arrives or changes, and take it out again
-- with FTS5's 'delete' command, which is given the very text that was written, so the index knows each
-- of its entries to remove. With secure-delete on, those entries are removed from the index's pages at
-- once (not left behind a delete marker until some later merge), so an erased person's words are gone
-- from the file's FTS tables the moment the lead is. (contentless_delete would only mark the row as
-- deleted, leaving its words in the pages.)
-- Only new tables and triggers: safe while older processes still run (decision 018), and the triggers
-- keep the index right for every writer, old or new, in the lead's own transaction.
-- The text indexed: the searched fields, each phone also without its spaces, one space between fields
-- (a searched word never holds a space, so none is found across two fields). A capital dotted I is
-- indexed as JavaScript lower-cases it ("i" and a combining dot), which FTS5's folding does not do.
-- A lead holding one of the few characters FTS5 folds otherwise than the search compares them (the
-- class in the GLOB: letters folded into ASCII, capitals FTS5 leaves as they are, second forms such as
-- the final sigma or the micro sign, found from SQLite itself by search-index.test.ts) is marked with
-- three private-use characters (U+E000): the search trusts the index alone for unmarked leads and checks
-- the marked ones itself (server/workspace/inbox/search-index.ts).
CREATE VIRTUAL TABLE enquiries_search USING fts5 (words, content = '', tokenize = 'trigram');
INSERT INTO enquiries_search (enquiries_search, rank) VALUES ('secure-delete', 1);
CREATE VIRTUAL TABLE applications_search USING fts5 (words, content = '', tokenize = 'trigram');
INSERT INTO applications_search (applications_search, rank) VALUES ('secure-delete', 1);

CREATE TRIGGER enquiries_search_insert AFTER INSERT ON enquiries BEGIN
  INSERT INTO enquiries_search (rowid, words) VALUES (new.id, replace(new.reference || ' ' || new.first_name || ' ' || new.last_name || ' ' || new.email || ' ' || new.phone
    || ' ' || replace(new.phone, ' ', '') || ' ' || new.company || ' ' || new.message, char(304), char(105, 775))
    || CASE WHEN (new.reference || ' ' || new.first_name || ' ' || new.last_name || ' ' || new.email || ' ' || new.phone
    || ' ' || replace(new.phone, ' ', '') || ' ' || new.company || ' ' || new.message) GLOB '*[' || char(181, 304, 383, 837, 895, 931, 962, 976, 45, 977, 981, 45, 982, 1008, 45, 1009, 1013, 1320, 1322, 1324, 1326, 5024, 45, 5109, 7305, 7312, 45, 7354, 7357, 45, 7359, 7835, 8126, 8490, 11311, 42648, 42650, 42902, 42904, 42906, 42908, 42910, 42923, 45, 42926, 42928, 45, 42932, 42934, 42936, 42938, 42940, 42942, 42944, 42946, 42948, 45, 42951, 42953, 42955, 45, 42956, 42958, 42960, 42962, 42964, 42966, 42968, 42970, 42972, 42997, 65534, 45, 65535, 66736, 45, 66771, 66928, 45, 66938, 66940, 45, 66954, 66956, 45, 66962, 66964, 45, 66965, 68736, 45, 68786, 68944, 45, 68965, 71840, 45, 71871, 93760, 45, 93791, 93856, 45, 93880, 125184, 45, 125217) || ']*' THEN ' ' || char(57344, 57344, 57344) ELSE '' END);
END;
CREATE TRIGGER enquiries_search_update AFTER UPDATE OF id, reference, first_name, last_name, email, phone, company, message ON enquiries BEGIN
  INSERT INTO enquiries_search (enquiries_search, rowid, words) VALUES ('delete', old.id, replace(old.reference || ' ' || old.first_name || ' ' || old.last_name || ' ' || old.email || ' ' || old.phone
    || ' ' || replace(old.phone, ' ', '') || ' ' || old.company || ' ' || old.message, char(304), char(105, 775))
    || CASE WHEN (old.reference || ' ' || old.first_name || ' ' || old.last_name || ' ' || old.email || ' ' || old.phone
    || ' ' || replace(old.phone, ' ', '') || ' ' || old.company || ' ' || old.message) GLOB '*[' || char(181, 304, 383, 837, 895, 931, 962, 976, 45, 977, 981, 45, 982, 1008, 45, 1009, 1013, 1320, 1322, 1324, 1326, 5024, 45, 5109, 7305, 7312, 45, 7354, 7357, 45, 7359, 7835, 8126, 8490, 11311, 42648, 42650, 42902, 42904, 42906, 42908, 42910, 42923, 45, 42926, 42928, 45, 42932, 42934, 42936, 42938, 42940, 42942, 42944, 42946, 42948, 45, 42951, 42953, 42955, 45, 42956, 42958, 42960, 42962, 42964, 42966, 42968, 42970, 42972, 42997, 65534, 45, 65535, 66736, 45, 66771, 66928, 45, 66938, 66940, 45, 66954, 66956, 45, 66962, 66964, 45, 66965, 68736, 45, 68786, 68944, 45, 68965, 71840, 45, 71871, 93760, 45, 93791, 93856, 45, 93880, 125184, 45, 125217) || ']*' THEN ' ' || char(57344, 57344, 57344) ELSE '' END);
  INSERT INTO enquiries_search (rowid, words) VALUES (new.id, replace(new.reference || ' ' || new.first_name || ' ' || new.last_name || ' ' || new.email || ' ' || new.phone
    || ' ' || replace(new.phone, ' ', '') || ' ' || new.company || ' ' || new.message, char(304), char(105, 775))
    || CASE WHEN (new.reference || ' ' || new.first_name || ' ' || new.last_name || ' ' || new.email || ' ' || new.phone
    || ' ' || replace(new.phone, ' ', '') || ' ' || new.company || ' ' || new.message) GLOB '*[' || char(181, 304, 383, 837, 895, 931, 962, 976, 45, 977, 981, 45, 982, 1008, 45, 1009, 1013, 1320, 1322, 1324, 1326, 5024, 45, 5109, 7305, 7312, 45, 7354, 7357, 45, 7359, 7835, 8126, 8490, 11311, 42648, 42650, 42902, 42904, 42906, 42908, 42910, 42923, 45, 42926, 42928, 45, 42932, 42934, 42936, 42938, 42940, 42942, 42944, 42946, 42948, 45, 42951, 42953, 42955, 45, 42956, 42958, 42960, 42962, 42964, 42966, 42968, 42970, 42972, 42997, 65534, 45, 65535, 66736, 45, 66771, 66928, 45, 66938, 66940, 45, 66954, 66956, 45, 66962, 66964, 45, 66965, 68736, 45, 68786, 68944, 45, 68965, 71840, 45, 71871, 93760, 45, 93791, 93856, 45, 93880, 125184, 45, 125217) || ']*' THEN ' ' || char(57344, 57344, 57344) ELSE '' END);
END;
CREATE TRIGGER enquiries_search_delete AFTER DELETE ON enquiries BEGIN
  INSERT INTO enquiries_search (enquiries_search, rowid, words) VALUES ('delete', old.id, replace(old.reference || ' ' || old.first_name || ' ' || old.last_name || ' ' || old.email || ' ' || old.phone
    || ' ' || replace(old.phone, ' ', '') || ' ' || old.company || ' ' || old.message, char(304), char(105, 775))
    || CASE WHEN (old.reference || ' ' || old.first_name || ' ' || old.last_name || ' ' || old.email || ' ' || old.phone
    || ' ' || replace(old.phone, ' ', '') || ' ' || old.company || ' ' || old.message) GLOB '*[' || char(181, 304, 383, 837, 895, 931, 962, 976, 45, 977, 981, 45, 982, 1008, 45, 1009, 1013, 1320, 1322, 1324, 1326, 5024, 45, 5109, 7305, 7312, 45, 7354, 7357, 45, 7359, 7835, 8126, 8490, 11311, 42648, 42650, 42902, 42904, 42906, 42908, 42910, 42923, 45, 42926, 42928, 45, 42932, 42934, 42936, 42938, 42940, 42942, 42944, 42946, 42948, 45, 42951, 42953, 42955, 45, 42956, 42958, 42960, 42962, 42964, 42966, 42968, 42970, 42972, 42997, 65534, 45, 65535, 66736, 45, 66771, 66928, 45, 66938, 66940, 45, 66954, 66956, 45, 66962, 66964, 45, 66965, 68736, 45, 68786, 68944, 45, 68965, 71840, 45, 71871, 93760, 45, 93791, 93856, 45, 93880, 125184, 45, 125217) || ']*' THEN ' ' || char(57344, 57344, 57344) ELSE '' END);
END;

CREATE TRIGGER applications_search_insert AFTER INSERT ON applications BEGIN
  INSERT INTO applications_search (rowid, words) VALUES (new.id, replace(new.reference || ' ' || new.first_name || ' ' || new.last_name || ' ' || new.email || ' ' || new.phone
    || ' ' || replace(new.phone, ' ', ''), char(304), char(105, 775))
    || CASE WHEN (new.reference || ' ' || new.first_name || ' ' || new.last_name || ' ' || new.email || ' ' || new.phone
    || ' ' || replace(new.phone, ' ', '')) GLOB '*[' || char(181, 304, 383, 837, 895, 931, 962, 976, 45, 977, 981, 45, 982, 1008, 45, 1009, 1013, 1320, 1322, 1324, 1326, 5024, 45, 5109, 7305, 7312, 45, 7354, 7357, 45, 7359, 7835, 8126, 8490, 11311, 42648, 42650, 42902, 42904, 42906, 42908, 42910, 42923, 45, 42926, 42928, 45, 42932, 42934, 42936, 42938, 42940, 42942, 42944, 42946, 42948, 45, 42951, 42953, 42955, 45, 42956, 42958, 42960, 42962, 42964, 42966, 42968, 42970, 42972, 42997, 65534, 45, 65535, 66736, 45, 66771, 66928, 45, 66938, 66940, 45, 66954, 66956, 45, 66962, 66964, 45, 66965, 68736, 45, 68786, 68944, 45, 68965, 71840, 45, 71871, 93760, 45, 93791, 93856, 45, 93880, 125184, 45, 125217) || ']*' THEN ' ' || char(57344, 57344, 57344) ELSE '' END);
END;
CREATE TRIGGER applications_search_update AFTER UPDATE OF id, reference, first_name, last_name, email, phone ON applications BEGIN
  INSERT INTO applications_search (applications_search, rowid, words) VALUES ('delete', old.id, replace(old.reference || ' ' || old.first_name || ' ' || old.last_name || ' ' || old.email || ' ' || old.phone
    || ' ' || replace(old.phone, ' ', ''), char(304), char(105, 775))
    || CASE WHEN (old.reference || ' ' || old.first_name || ' ' || old.last_name || ' ' || old.email || ' ' || old.phone
    || ' ' || replace(old.phone, ' ', '')) GLOB '*[' || char(181, 304, 383, 837, 895, 931, 962, 976, 45, 977, 981, 45, 982, 1008, 45, 1009, 1013, 1320, 1322, 1324, 1326, 5024, 45, 5109, 7305, 7312, 45, 7354, 7357, 45, 7359, 7835, 8126, 8490, 11311, 42648, 42650, 42902, 42904, 42906, 42908, 42910, 42923, 45, 42926, 42928, 45, 42932, 42934, 42936, 42938, 42940, 42942, 42944, 42946, 42948, 45, 42951, 42953, 42955, 45, 42956, 42958, 42960, 42962, 42964, 42966, 42968, 42970, 42972, 42997, 65534, 45, 65535, 66736, 45, 66771, 66928, 45, 66938, 66940, 45, 66954, 66956, 45, 66962, 66964, 45, 66965, 68736, 45, 68786, 68944, 45, 68965, 71840, 45, 71871, 93760, 45, 93791, 93856, 45, 93880, 125184, 45, 125217) || ']*' THEN ' ' || char(57344, 57344, 57344) ELSE '' END);
  INSERT INTO applications_search (rowid, words) VALUES (new.id, replace(new.reference || ' ' || new.first_name || ' ' || new.last_name || ' ' || new.email || ' ' || new.phone
    || ' ' || replace(new.phone, ' ', ''), char(304), char(105, 775))
    || CASE WHEN (new.reference || ' ' || new.first_name || ' ' || new.last_name || ' ' || new.email || ' ' || new.phone
    || ' ' || replace(new.phone, ' ', '')) GLOB '*[' || char(181, 304, 383, 837, 895, 931, 962, 976, 45, 977, 981, 45, 982, 1008, 45, 1009, 1013, 1320, 1322, 1324, 1326, 5024, 45, 5109, 7305, 7312, 45, 7354, 7357, 45, 7359, 7835, 8126, 8490, 11311, 42648, 42650, 42902, 42904, 42906, 42908, 42910, 42923, 45, 42926, 42928, 45, 42932, 42934, 42936, 42938, 42940, 42942, 42944, 42946, 42948, 45, 42951, 42953, 42955, 45, 42956, 42958, 42960, 42962, 42964, 42966, 42968, 42970, 42972, 42997, 65534, 45, 65535, 66736, 45, 66771, 66928, 45, 66938, 66940, 45, 66954, 66956, 45, 66962, 66964, 45, 66965, 68736, 45, 68786, 68944, 45, 68965, 71840, 45, 71871, 93760, 45, 93791, 93856, 45, 93880, 125184, 45, 125217) || ']*' THEN ' ' || char(57344, 57344, 57344) ELSE '' END);
END;
CREATE TRIGGER applications_search_delete AFTER DELETE ON applications BEGIN
  INSERT INTO applications_search (applications_search, rowid, words) VALUES ('delete', old.id, replace(old.reference || ' ' || old.first_name || ' ' || old.last_name || ' ' || old.email || ' ' || old.phone
    || ' ' || replace(old.phone, ' ', ''), char(304), char(105, 775))
    || CASE WHEN (old.reference || ' ' || old.first_name || ' ' || old.last_name || ' ' || old.email || ' ' || old.phone
    || ' ' || replace(old.phone, ' ', '')) GLOB '*[' || char(181, 304, 383, 837, 895, 931, 962, 976, 45, 977, 981, 45, 982, 1008, 45, 1009, 1013, 1320, 1322, 1324, 1326, 5024, 45, 5109, 7305, 7312, 45, 7354, 7357, 45, 7359, 7835, 8126, 8490, 11311, 42648, 42650, 42902, 42904, 42906, 42908, 42910, 42923, 45, 42926, 42928, 45, 42932, 42934, 42936, 42938, 42940, 42942, 42944, 42946, 42948, 45, 42951, 42953, 42955, 45, 42956, 42958, 42960, 42962, 42964, 42966, 42968, 42970, 42972, 42997, 65534, 45, 65535, 66736, 45, 66771, 66928, 45, 66938, 66940, 45, 66954, 66956, 45, 66962, 66964, 45, 66965, 68736, 45, 68786, 68944, 45, 68965, 71840, 45, 71871, 93760, 45, 93791, 93856, 45, 93880, 125184, 45, 125217) || ']*' THEN ' ' || char(57344, 57344, 57344) ELSE '' END);
END;

-- The leads already held.
INSERT INTO enquiries_search (rowid, words) SELECT id, replace(reference || ' ' || first_name || ' ' || last_name || ' ' || email || ' ' || phone
    || ' ' || replace(phone, ' ', '') || ' ' || company || ' ' || message, char(304), char(105, 775))
    || CASE WHEN (reference || ' ' || first_name || ' ' || last_name || ' ' || email || ' ' || phone
    || ' ' || replace(phone, ' ', '') || ' ' || company || ' ' || message) GLOB '*[' || char(181, 304, 383, 837, 895, 931, 962, 976, 45, 977, 981, 45, 982, 1008, 45, 1009, 1013, 1320, 1322, 1324, 1326, 5024, 45, 5109, 7305, 7312, 45, 7354, 7357, 45, 7359, 7835, 8126, 8490, 11311, 42648, 42650, 42902, 42904, 42906, 42908, 42910, 42923, 45, 42926, 42928, 45, 42932, 42934, 42936, 42938, 42940, 42942, 42944, 42946, 42948, 45, 42951, 42953, 42955, 45, 42956, 42958, 42960, 42962, 42964, 42966, 42968, 42970, 42972, 42997, 65534, 45, 65535, 66736, 45, 66771, 66928, 45, 66938, 66940, 45, 66954, 66956, 45, 66962, 66964, 45, 66965, 68736, 45, 68786, 68944, 45, 68965, 71840, 45, 71871, 93760, 45, 93791, 93856, 45, 93880, 125184, 45, 125217) || ']*' THEN ' ' || char(57344, 57344, 57344) ELSE '' END FROM enquiries;
INSERT INTO applications_search (rowid, words) SELECT id, replace(reference || ' ' || first_name || ' ' || last_name || ' ' || email || ' ' || phone
    || ' ' || replace(phone, ' ', ''), char(304), char(105, 775))
    || CASE WHEN (reference || ' ' || first_name || ' ' || last_name || ' ' || email || ' ' || phone
    || ' ' || replace(phone, ' ', '')) GLOB '*[' || char(181, 304, 383, 837, 895, 931, 962, 976, 45, 977, 981, 45, 982, 1008, 45, 1009, 1013, 1320, 1322, 1324, 1326, 5024, 45, 5109, 7305, 7312, 45, 7354, 7357, 45, 7359, 7835, 8126, 8490, 11311, 42648, 42650, 42902, 42904, 42906, 42908, 42910, 42923, 45, 42926, 42928, 45, 42932, 42934, 42936, 42938, 42940, 42942, 42944, 42946, 42948, 45, 42951, 42953, 42955, 45, 42956, 42958, 42960, 42962, 42964, 42966, 42968, 42970, 42972, 42997, 65534, 45, 65535, 66736, 45, 66771, 66928, 45, 66938, 66940, 45, 66954, 66956, 45, 66962, 66964, 45, 66965, 68736, 45, 68786, 68944, 45, 68965, 71840, 45, 71871, 93760, 45, 93791, 93856, 45, 93880, 125184, 45, 125217) || ']*' THEN ' ' || char(57344, 57344, 57344) ELSE '' END FROM applications;
