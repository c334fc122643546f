/** Versioning (service description): the interface description is versioned 1.0.0-alpha. */
export const SERVICE_NAME = 'Freight document service API';
export const API_VERSION = '1.0.0-alpha';
