/** Request bodies generated from an operation's request-body schema, for the suites generated from openapi.json. */
import { exampleOf, type ValueContext } from './schema-arbitraries.js';
import { deref, type Operation } from './openapi-operations.js';
import { jpeg, multipart } from './sample-files.js';

export interface GeneratedBody {
  contentType: string;
  payload: string | Buffer;
}

/**
 * The smallest valid body of an operation in its first media type, or none when it takes none.
 * A multipart form gets one part per required field: a JPEG for `format: binary`, else the
 * example value as text.
 */
export function exampleBody(op: Operation, context: ValueContext): GeneratedBody | undefined {
  if (!op.body) return undefined;
  const [contentType, schema] = Object.entries(op.body.content)[0]!;
  if (contentType === 'multipart/form-data') {
    const s = deref(context.doc, schema);
    const parts = (s.required ?? Object.keys(s.properties ?? {})).map((name: string) => {
      const field = deref(context.doc, s.properties[name]);
      return field.format === 'binary'
        ? { name, filename: 'photo.jpg', contentType: 'image/jpeg', bytes: jpeg() }
        : { name, value: String(exampleOf(field, context)) };
    });
    const form = multipart(parts);
    return { contentType: form.contentType, payload: form.body };
  }
  return { contentType, payload: JSON.stringify(exampleOf(schema, context) ?? {}) };
}
