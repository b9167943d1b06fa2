-- Photo files whose fate a crash could leave undecided. A post writes its files before the listing
-- row that names them: each key is recorded here first and removed in the transaction that stores
-- the listing; a record nobody claims within an hour is swept (its file deleted). Deleting a listing
-- or dropping a photo records its keys as condemned (condemned_at set) in the same transaction, and
-- their files are deleted after the commit; a crash in between leaves the record for the sweeper.
CREATE TABLE pending_photos (
    key TEXT PRIMARY KEY,
    created_at BIGINT NOT NULL,
    -- set once the file is to be deleted (condemned, or being swept): no post may claim it any more
    condemned_at BIGINT
);

CREATE INDEX pending_photos_age ON pending_photos (created_at);
