-- Cookieless visit and conversion counts. Only daily totals are kept for long: no address, no
-- identifier, no single visit. Days are calendar days in Europe/London, written YYYY-MM-DD.

-- One random salt per day, shared by every server process. It is deleted once its day is over, and
-- with it every way of recomputing that day's visitor hashes.
CREATE TABLE analytics_salts (
  day TEXT PRIMARY KEY,
  salt TEXT NOT NULL,
  created_at BIGINT NOT NULL
);

-- Today's visitors: the salted hash of address and browser, with the source their day began from,
-- so a visitor is counted once a day and an enquiry is credited to that source. Deleted with the salt.
CREATE TABLE analytics_visitors (
  day TEXT NOT NULL,
  visitor TEXT NOT NULL,
  referrer_host TEXT NOT NULL,
  utm_source TEXT NOT NULL,
  utm_medium TEXT NOT NULL,
  utm_campaign TEXT NOT NULL,
  views INTEGER NOT NULL,
  PRIMARY KEY (day, visitor)
);

-- Which pages each of today's visitors has seen, so each page counts a visitor once. Deleted with the salt.
CREATE TABLE analytics_visitor_pages (
  day TEXT NOT NULL,
  visitor TEXT NOT NULL,
  page TEXT NOT NULL,
  PRIMARY KEY (day, visitor, page)
);

-- The figures the report reads, one row per day, page, source and device. An empty string means none.
-- views: pages shown; visitors: different visitors who saw the page; landings: visitors whose day began
-- on it (their sum over any rows is the number of different visitors); enquiries and applications: leads
-- sent from the page.
CREATE TABLE analytics_daily (
  day TEXT NOT NULL,
  page TEXT NOT NULL,
  referrer_host TEXT NOT NULL,
  utm_source TEXT NOT NULL,
  utm_medium TEXT NOT NULL,
  utm_campaign TEXT NOT NULL,
  device TEXT NOT NULL CHECK (device IN ('phone', 'tablet', 'desktop')),
  views INTEGER NOT NULL DEFAULT 0,
  visitors INTEGER NOT NULL DEFAULT 0,
  landings INTEGER NOT NULL DEFAULT 0,
  enquiries INTEGER NOT NULL DEFAULT 0,
  applications INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (day, page, referrer_host, utm_source, utm_medium, utm_campaign, device)
);
