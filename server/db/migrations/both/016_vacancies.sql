-- Vacancies the staff publish on the careers pages, and the vacancy each application was made for.
-- status: 'draft' (only staff see it), 'open' (published; it takes applications until the end of its
-- closing date, Europe/London) or 'closed'. slug: the public address, set when it is made and never
-- changed once it is published. Pay is kept in pence. published_at: the first publication, the job's
-- posting date through every later edit. Times are milliseconds since the epoch.
CREATE TABLE vacancies (
  reference TEXT PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  status TEXT NOT NULL CHECK (status IN ('draft', 'open', 'closed')),
  title TEXT NOT NULL,
  service TEXT NOT NULL,
  location TEXT NOT NULL,
  postcode TEXT NOT NULL,
  employment_type TEXT NOT NULL CHECK (employment_type IN ('FULL_TIME', 'PART_TIME', 'TEMPORARY', 'CONTRACTOR')),
  pay_from_pence BIGINT NOT NULL,
  pay_to_pence BIGINT NOT NULL,
  pay_period TEXT NOT NULL CHECK (pay_period IN ('HOUR', 'YEAR')),
  hours TEXT NOT NULL,
  description TEXT NOT NULL,
  closes_on TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  published_at BIGINT,
  closed_at BIGINT
);
CREATE INDEX vacancies_listed ON vacancies (status, published_at);

-- The vacancy an application named (its reference), and whether that vacancy had closed by the time
-- the application arrived: it is kept all the same, and the workspace says so.
ALTER TABLE applications ADD COLUMN vacancy_reference TEXT;
ALTER TABLE applications ADD COLUMN vacancy_closed INTEGER NOT NULL DEFAULT 0;
CREATE INDEX applications_vacancy ON applications (vacancy_reference, created_at);
