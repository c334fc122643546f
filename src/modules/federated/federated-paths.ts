/** The grantee's routes on the platform listener; the delegation's `read_url` names the same path. */
export const FEDERATED_PATHS = {
  note: '/v1/federated/consignment-notes/:id',
} as const;
