-- Category and subcategory pages read the visible listings of one category in the public order
-- (featured first, newest next): one index range each, already in order, instead of a sort.
CREATE INDEX listings_public_category ON listings (visible, category, featured DESC, created_at DESC, id);
CREATE INDEX listings_public_subcategory
    ON listings (visible, category, subcategory, featured DESC, created_at DESC, id);
DROP INDEX listings_category;
