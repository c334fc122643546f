/**
 * Storage regions inside the EU (service description: "Stored documents are kept in an EU region").
 * The service refuses to start in production with an S3 region outside this list, so a mistyped
 * or copied `us-east-1` cannot quietly move consignment notes out of the Union.
 *
 * AWS-style names (`eu-central-1`, `eu-south-2`…, also used by Wasabi and Backblaze) are EU when
 * they start with `eu-` — except `eu-west-2` (London) and `eu-central-2` (Zurich at AWS, though
 * Berlin at IONOS: refused, as ambiguous), which are not in the Union. Other providers' EU regions are listed by
 * name. A provider not listed here can be used by naming its region as `eu-…` if it accepts that.
 */
const NOT_IN_EU = new Set(['eu-west-2', 'eu-central-2']);

const OTHER_EU_REGIONS = new Set([
  // Scaleway
  'fr-par', 'nl-ams', 'pl-waw',
  // OVHcloud (and IONOS's Frankfurt, `de`)
  'gra', 'sbg', 'rbx', 'de', 'waw',
  // Hetzner
  'fsn1', 'nbg1', 'hel1',
  // Exoscale
  'de-fra-1', 'de-muc-1', 'at-vie-1', 'at-vie-2', 'bg-sof-1',
  // Cloudflare R2 jurisdiction
  'eu',
]);

export function isEuRegion(region: string): boolean {
  const name = region.trim().toLowerCase();
  if (NOT_IN_EU.has(name)) return false;
  return name.startsWith('eu-') || OTHER_EU_REGIONS.has(name);
}
