import { GENERIC_WARN } from '@funnelwork/domain/rules';

/** Spec §8 texts of the customer views. */
export const CUSTOMER_LOAD_FAILURE = "Couldn't load customer details! try again later.";
/** "(another view: warning 'Failed to load customer details! try again later.')": the panel opened from an order. */
export const CUSTOMER_LOAD_WARNING = 'Failed to load customer details! try again later.';
/** "Customer delete failure: notification 'Something went wrong... Please try again later'". */
export const CUSTOMER_DELETE_FAILURE = GENERIC_WARN;
export const NO_METADATA = 'This customer has no metadata.';
export const CUSTOMER_SAVED = 'Customer saved';
export const CUSTOMER_DELETED = 'Customer deleted';
