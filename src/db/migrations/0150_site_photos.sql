-- The photographer's own photos of the site (the home page's hero, her portrait) go through the studio's photo
-- pipeline without belonging to a wedding: wedding_id is null for them. The settings name them by id.
ALTER TABLE studio_photos ALTER COLUMN wedding_id DROP NOT NULL;
