/** Schemas of the contact form: the message a visitor sends (POST /v1/public/contact) and its receipt. */
import { Type, type Static } from '@sinclair/typebox';
import { IdString, StringEnum } from '../../core/schema-types.js';
import { CONTACT_LANGUAGES, CONTACT_LIMITS } from './contact-policy.js';

/**
 * One line of text with something in it: no control characters at all, CR and LF included, since
 * the name and the address reach the e-mail's headers (Reply-To, Subject). Leading spaces, then a
 * visible character: the parts cannot overlap, so matching stays linear however long the value.
 */
const ONE_LINE = '^ *[^\\s\\u0000-\\u001f\\u007f][^\\u0000-\\u001f\\u007f]*$';

export const CreateContactMessageSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: CONTACT_LIMITS.name, pattern: ONE_LINE, description: `Who writes: 1 to ${CONTACT_LIMITS.name} characters on one line (no line breaks or other control characters).`, examples: ['Anna de Vries'] }),
    email: Type.String({
      format: 'email',
      maxLength: CONTACT_LIMITS.email,
      description: `Where the answer goes (the e-mail's Reply-To): an e-mail address, at most ${CONTACT_LIMITS.email} characters.`,
      examples: ['anna@transport.example'],
    }),
    organization: Type.Optional(Type.String({ maxLength: CONTACT_LIMITS.organization, pattern: '^[^\\u0000-\\u001f\\u007f]*$', description: `The sender's company, at most ${CONTACT_LIMITS.organization} characters on one line.`, examples: ['De Vries Transport B.V.'] })),
    message: Type.String({ minLength: 1, maxLength: CONTACT_LIMITS.message, pattern: '\\S', description: `The message, 1 to ${CONTACT_LIMITS.message} characters; line breaks allowed.` }),
    language: Type.Optional(StringEnum(CONTACT_LANGUAGES, { description: 'The language the sender wrote in or wants the answer in (the contact page sends its own): `en`, `nl`, `de` or `fr`.' })),
  },
  { $id: 'CreateContactMessage', additionalProperties: false, description: 'A message through the contact form. Unknown members are refused (422 `validation_failed`).' },
);
export type CreateContactMessage = Static<typeof CreateContactMessageSchema>;

export const ContactReceiptSchema = Type.Object(
  {
    id: IdString('contact_message', { description: 'The message\'s reference: quote it when you write again.' }),
    received_at: Type.String({ format: 'date-time', description: 'When the service took the message.' }),
  },
  { $id: 'ContactReceipt', additionalProperties: false, description: 'The message is stored and will be passed on. Nothing else is told: not where it goes, nor whether the e-mail has left yet.' },
);
export type ContactReceipt = Static<typeof ContactReceiptSchema>;
