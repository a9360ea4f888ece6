-- Why a version stands where it does, when staff said so: a case study taken down from the site, a quote
-- removed because its person withdrew their permission or asked to be erased. Plain words, no personal data.
ALTER TABLE content_versions ADD COLUMN note TEXT;
