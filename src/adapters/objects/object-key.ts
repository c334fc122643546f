/** Object keys are relative paths of safe segments; both adapters refuse anything else the same way. */
const SEGMENT = /^[A-Za-z0-9._-]+$/;

export function assertObjectKey(key: string): void {
  const segments = key.split('/');
  if (key.length === 0 || key.length > 512 || segments.some((s) => !SEGMENT.test(s) || s === '.' || s === '..')) {
    throw new Error(`invalid object key: ${JSON.stringify(key)}`);
  }
}
