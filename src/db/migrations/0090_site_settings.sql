-- What the photographer saved in the admin over the shipped content/ files (src/site): one row per section
-- (photographer, pricing, faq, testimonials, terms), its value the JSON she changed, merged over the file's.
CREATE TABLE IF NOT EXISTS site_settings (
  section text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text
);
