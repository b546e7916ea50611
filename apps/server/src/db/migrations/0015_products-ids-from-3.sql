-- "Only items with product_id above 2 link to a product" (orders spec §2): ids 1 and 2 stand for order
-- lines that are not catalogue products (the demo's shipping protection is 1), so products are numbered
-- from 3 and every real product is linked and has its picture looked up. The sequence only moves
-- forward: ids already handed out (even of deleted products, which old order items still name) are
-- never given again. An installation that already holds products 1 or 2 keeps them; those stay unlinked.
SELECT setval('products_id_seq', GREATEST((SELECT last_value FROM products_id_seq), 2), true);
