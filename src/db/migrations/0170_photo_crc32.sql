-- CRC-32 of the two files a couple downloads (photos/{id}/download and photos/{id}/web.jpg), computed once by the
-- photo worker (or on a photo's first ZIP download when it was processed before this column existed). With every
-- CRC known, a gallery ZIP's whole layout is known before a byte is read, so a Range request opens only the files
-- it sends (docs/decisions/098-gallery-zip-known-crc.md). bigint: a CRC-32 is unsigned.
ALTER TABLE photos ADD COLUMN download_crc32 bigint;
ALTER TABLE photos ADD COLUMN web_crc32 bigint;
