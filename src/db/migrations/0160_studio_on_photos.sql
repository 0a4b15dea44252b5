-- The studio's photos move onto the photo module (src/photos): one photos row per studio photo (owner 'studio')
-- holds the upload and its processing state, and the photos queue with its supervised worker process makes the
-- public variants. studio_photos keeps only what the studio decides: where a photo is shown (wedding, position),
-- its alt text and category, and the name and content hash of the file (one content per wedding). A photo keeps
-- its id, its original (original_key still names studio/originals/{id}) and its variants (studio/variants/{id}/…).

INSERT INTO photos (id, owner, status, original_key, original_name, content_type, content_hash, size_bytes, width, height,
                    variant_widths, blur_data_url, error, attempts, claimed_at, processed_at, created_at, updated_at)
SELECT id, 'studio', status, original_key, original_name, content_type, content_hash, size_bytes, width, height,
       variant_widths, blur_data_url, error, attempts, NULL, processed_at, created_at, updated_at
FROM studio_photos;

DROP INDEX studio_photos_queue_idx;
ALTER TABLE studio_photos
  DROP COLUMN status,
  DROP COLUMN original_key,
  DROP COLUMN content_type,
  DROP COLUMN size_bytes,
  DROP COLUMN width,
  DROP COLUMN height,
  DROP COLUMN variant_widths,
  DROP COLUMN blur_data_url,
  DROP COLUMN error,
  DROP COLUMN attempts,
  DROP COLUMN claimed_at,
  DROP COLUMN processed_at;
-- A studio photo is a photo of the module: deleting the photo removes its placement.
ALTER TABLE studio_photos ADD CONSTRAINT studio_photos_photo_fkey FOREIGN KEY (id) REFERENCES photos (id) ON DELETE CASCADE;
