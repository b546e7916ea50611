/** "Orders page size 25"; the legacy global call used 50, so up to 100 is accepted. */
export const ORDERS_PAGE_SIZE = 25;

/** "customer list page size 25". */
export const CUSTOMERS_PAGE_SIZE = 25;
