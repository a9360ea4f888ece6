-- Where each lead came from, and conversion rates that cannot pass 100%.

-- The source of the visit a lead was sent in: the referring site's host, the campaign tags and the page
-- the visit landed on, and the page the form was sent from ("" for none or not known). Nothing that
-- identifies the visitor. Written once, just after the lead is stored; deleted with the lead. A lead
-- whose sender asked not to be tracked (Global Privacy Control, Do Not Track) has no row.
CREATE TABLE lead_sources (
  reference TEXT PRIMARY KEY,
  referrer_host TEXT NOT NULL,
  utm_source TEXT NOT NULL,
  utm_medium TEXT NOT NULL,
  utm_campaign TEXT NOT NULL,
  landing_page TEXT NOT NULL,
  sent_from TEXT NOT NULL
);

-- A visitor's current visit: the page it landed on, and whether it has sent a lead yet. A view that
-- arrives with a source of its own (another site, campaign tags) starts a new visit from that page.
ALTER TABLE analytics_visitors ADD COLUMN landing_page TEXT NOT NULL DEFAULT '';
ALTER TABLE analytics_visitors ADD COLUMN converted INTEGER NOT NULL DEFAULT 0;
-- Whether today's visitor of a page has sent a lead from it yet.
ALTER TABLE analytics_visitor_pages ADD COLUMN converted INTEGER NOT NULL DEFAULT 0;

-- visits: visits that began on the page (a visitor's first view of the day, or a view with a new
-- source); converted_visits: those visits that went on to send a lead (once each, credited where the
-- lead was sent); converted_visitors: the page's visitors who sent a lead from it (once each a day).
-- Days counted before this change have no converted visits: their conversion rate reads as none.
ALTER TABLE analytics_daily ADD COLUMN visits INTEGER NOT NULL DEFAULT 0;
ALTER TABLE analytics_daily ADD COLUMN converted_visits INTEGER NOT NULL DEFAULT 0;
ALTER TABLE analytics_daily ADD COLUMN converted_visitors INTEGER NOT NULL DEFAULT 0;
UPDATE analytics_daily SET visits = landings;
