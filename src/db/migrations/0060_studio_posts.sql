-- The photographer's own blog posts (admin content studio), next to the Markdown files in content/blog
-- (docs/decisions/040-blog-posts-in-the-database.md). A draft is never public; a former slug answers 308.

CREATE TABLE studio_posts (
  id text PRIMARY KEY,
  slug text NOT NULL,
  title text NOT NULL,
  post_date date NOT NULL,
  excerpt text NOT NULL DEFAULT '',
  body text NOT NULL DEFAULT '',
  -- An already processed studio photo (the same variants and URLs as the galleries); gone photo → no cover.
  cover_photo_id text REFERENCES studio_photos (id) ON DELETE SET NULL,
  published boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT studio_posts_slug_key UNIQUE (slug)
);
CREATE INDEX studio_posts_published_idx ON studio_posts (published, post_date DESC);

-- A slug a post had before: /blog/{old} answers 308 to the current slug.
CREATE TABLE studio_post_slugs (
  slug text PRIMARY KEY,
  post_id text NOT NULL REFERENCES studio_posts (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX studio_post_slugs_post_idx ON studio_post_slugs (post_id);
