-- The answers to the contact form's questions for the chosen service (core/config/quote-questions.ts),
-- as a JSON object of question key to value: option values, whole numbers, short texts and YYYY-MM-DD
-- dates. NULL when none was answered. Kept in the enquiry's own row, so it goes with the enquiry when
-- the retention rules or an erasure delete it.
ALTER TABLE enquiries ADD COLUMN site_details TEXT;
