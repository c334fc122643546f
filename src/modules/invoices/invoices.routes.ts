/**
 * Invoice (service description, invoice area): the seller's invoicing profile, and the Peppol
 * e-invoice of a delivered shipment — issued once, read as a JSON summary or as the UBL XML.
 */
import { Type } from '@sinclair/typebox';
import { IdString } from '../../core/schema-types.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { tenantContext } from '../../http/tenant-context.js';
import { AddressSchema, ChargeVatSchema, CoordinatesSchema } from '../shipments/shipment-input.schema.js';
import { ShipmentParamsSchema } from '../shipments/shipment.schema.js';
import { createCreditNote } from './create-credit-note.js';
import { getCreditNote, getInvoice, getInvoicePdf, getInvoiceXml, listCreditNotePage, refuseInvoiceChange } from './get-invoice.js';
import { pageQueryProperties } from '../../core/pagination.schema.js';
import { getInvoicingProfile } from './get-invoicing-profile.js';
import {
  CreateCreditNoteSchema,
  CreditNotePageSchema,
  CreditNoteSchema,
  InvoiceSchema,
  InvoicingProfileInputSchema,
  InvoicingProfileSchema,
  IssueInvoiceSchema,
  PeppolEndpointSchema,
  SellerContactSchema,
  type CreateCreditNote,
  type InvoicingProfileInput,
  type IssueInvoice,
} from './invoice.schema.js';
import { issueInvoice } from './issue-invoice.js';
import { putInvoicingProfile } from './put-invoicing-profile.js';

const ListCreditNotesQuerySchema = Type.Object({ limit: pageQueryProperties.limit, cursor: pageQueryProperties.cursor }, { additionalProperties: false });

export const INVOICE_PATHS = {
  profile: '/v1/invoicing-profile',
  invoice: '/v1/shipments/:id/invoice',
  creditNotes: '/v1/shipments/:id/invoice/credit-notes',
  creditNote: '/v1/shipments/:id/invoice/credit-notes/:credit_note_id',
} as const;

const XML = 'application/xml';

type ById = { Params: { id: string } };

/** True when the client asks for the PDF view (`Accept: application/pdf`). */
function wantsPdf(accept: string | undefined): boolean {
  return accept !== undefined && /(^|,)\s*application\/pdf\b/i.test(accept);
}

/** True when the client asks for the XML rather than JSON (`Accept: application/xml` or `text/xml`). */
function wantsXml(accept: string | undefined): boolean {
  return accept !== undefined && /(^|,)\s*(application|text)\/xml\b/i.test(accept);
}

/** Content-Disposition of a document: its number made safe for a file name (a Greek number holds `|` and `/`). */
const inlineFile = (kind: 'invoice' | 'credit-note', number: string, extension: 'pdf' | 'xml') =>
  `inline; filename="${kind}-${number.replace(/[^A-Za-z0-9._-]/g, '_')}.${extension}"`;

export async function invoiceRoutes(app: FastifyInstance, runtime: AppRuntime): Promise<void> {
  // The shipments' scope registers the address schemas too; the profile's `address` needs them here.
  for (const schema of [CoordinatesSchema, AddressSchema, ChargeVatSchema, PeppolEndpointSchema, SellerContactSchema, InvoicingProfileInputSchema, InvoicingProfileSchema, IssueInvoiceSchema, InvoiceSchema, CreateCreditNoteSchema, CreditNoteSchema, CreditNotePageSchema]) {
    app.addSchema(schema);
  }
  const ctx = (request: FastifyRequest) => tenantContext(runtime, request);

  app.get(
    INVOICE_PATHS.profile,
    {
      config: { access: { scope: 'invoice:read' }, errors: ['not_found'] },
      schema: {
        operationId: 'getInvoicingProfile',
        tags: ['invoice'],
        summary: 'The seller data used on invoices',
        description: '`not_found` until the first `PUT`. One profile per organisation and mode.',
        response: { 200: Type.Ref(InvoicingProfileSchema, { description: 'The profile.' }) },
      },
    },
    async (request) => getInvoicingProfile(ctx(request)),
  );

  app.put<{ Body: InvoicingProfileInput }>(
    INVOICE_PATHS.profile,
    {
      config: { access: { scope: 'invoice:write' } },
      schema: {
        operationId: 'putInvoicingProfile',
        tags: ['invoice'],
        summary: 'Set the seller data used on invoices',
        description:
          'Replaces the profile whole. Checked field by field (422 `validation_failed`): the VAT number\'s country format, the IBAN\'s check digits, the BIC, ' +
          'the endpoint scheme against the Peppol EAS list (and the identifier for VAT schemes, `0208` and `0106`), and the KvK number of a Dutch or the enterprise number of a Belgian seller. ' +
          'Invoices already issued keep what they stated.',
        body: Type.Ref(InvoicingProfileInputSchema),
        response: { 200: Type.Ref(InvoicingProfileSchema, { description: 'The stored profile.' }) },
      },
    },
    async (request) => putInvoicingProfile(ctx(request), request.body),
  );

  app.post<ById & { Body: IssueInvoice | undefined }>(
    INVOICE_PATHS.invoice,
    {
      config: { optionalBody: true, access: { scope: 'invoice:write' }, errors: ['invalid_id', 'not_found', 'invoice_not_available', 'invoice_incomplete'] },
      schema: {
        operationId: 'issueInvoice',
        tags: ['invoice'],
        summary: 'Issue the e-invoice of a delivered shipment',
        description:
          'A UBL 2.1 invoice in Peppol BIS Billing 3.0: the invoicing profile\'s company sells, the party `charges.payer` names buys; the carriage charge is a line, and so is cash on delivery when the consignee pays (VAT `E`, `VATEX-EU-79-C`). ' +
          'A carrier whose VAT number or name is not the profile\'s company is `invoice_incomplete` (code `mismatch`), unless `on_behalf_of_carrier` says the profile\'s company invoices on its behalf. ' +
          'VAT: `S` at `vat_rate` for a payer in the seller\'s country, reverse charge `AE` for a payer in another member state (its VAT number required), `O` for a payer outside the EU. ' +
          'A fact missing is 422 `invoice_incomplete`, naming it in `detail` and in `errors`. Before delivery: 404 `invoice_not_available`. ' +
          'Numbered without gaps per organisation and mode; kept as a document of kind `invoice`; the shipment\'s chain gets `invoice.issued`. ' +
          'Issued once: a second `POST` answers 200 with the invoice already issued (the body is then ignored).',
        params: ShipmentParamsSchema,
        body: Type.Ref(IssueInvoiceSchema),
        response: {
          201: Type.Ref(InvoiceSchema, { description: 'The invoice, issued now.' }),
          200: Type.Ref(InvoiceSchema, { description: 'The invoice issued before: immutable.' }),
        },
      },
    },
    async (request, reply) => {
      const { invoice, created } = await issueInvoice(ctx(request), request.params.id, request.body ?? {});
      return reply.status(created ? 201 : 200).header('location', `/v1/shipments/${invoice.shipment_id}/invoice`).send(invoice);
    },
  );

  app.get<ById>(
    INVOICE_PATHS.invoice,
    {
      config: { access: { scope: 'invoice:read' }, errors: ['invalid_id', 'not_found', 'invoice_not_available'] },
      schema: {
        operationId: 'getInvoice',
        tags: ['invoice'],
        summary: 'The e-invoice (JSON or UBL)',
        description: 'The summary as JSON; with `Accept: application/xml` the UBL XML exactly as issued, its SHA-256 as `ETag`; with `Accept: application/pdf` a readable view of it.',
        params: ShipmentParamsSchema,
        response: {
          200: {
            description: 'The invoice.',
            content: {
              'application/json': { schema: Type.Ref(InvoiceSchema) },
              [XML]: { schema: Type.String({ description: 'UBL 2.1 Invoice (Peppol BIS Billing 3.0).' }) },
              'application/pdf': { schema: Type.String({ format: 'binary', description: 'A readable view: parties, lines, VAT breakdown, totals.' }) },
            },
          },
        },
      },
    },
    async (request, reply) => {
      if (wantsPdf(request.headers.accept)) {
        const { number, pdf } = await getInvoicePdf(ctx(request), request.params.id);
        return reply.header('content-type', 'application/pdf').header('content-disposition', inlineFile('invoice', number, 'pdf')).send(pdf);
      }
      if (!wantsXml(request.headers.accept)) return getInvoice(ctx(request), request.params.id);
      const { summary, xml } = await getInvoiceXml(ctx(request), request.params.id);
      return reply
        .header('content-type', `${XML}; charset=utf-8`)
        .header('etag', `"${summary.document.sha256}"`)
        .header('content-disposition', inlineFile('invoice', summary.number, 'xml'))
        .send(xml);
    },
  );

  app.patch<ById>(
    INVOICE_PATHS.invoice,
    {
      config: { optionalBody: true, access: { scope: 'invoice:write' }, errors: ['invalid_id', 'not_found', 'invoice_not_available', 'invoice_immutable'] },
      schema: {
        operationId: 'updateInvoice',
        tags: ['invoice'],
        summary: 'Refused: an issued invoice is corrected by a credit note',
        description: 'An issued invoice never changes: this answers 409 `invoice_immutable`, naming the credit-note route (`POST /v1/shipments/{id}/invoice/credit-notes`). Before the invoice is issued: 404 `invoice_not_available`.',
        params: ShipmentParamsSchema,
      },
    },
    async (request) => refuseInvoiceChange(ctx(request), request.params.id),
  );

  app.post<ById & { Body: CreateCreditNote }>(
    INVOICE_PATHS.creditNotes,
    {
      config: { access: { scope: 'invoice:write' }, errors: ['invalid_id', 'not_found', 'invoice_not_available', 'conflict', 'invoice_incomplete'] },
      schema: {
        operationId: 'createCreditNote',
        tags: ['invoice'],
        summary: 'Correct the issued invoice with a credit note',
        description:
          'A UBL 2.1 CreditNote (type 381, Peppol BIS Billing 3.0) referring to the invoice (BT-25 in `BillingReference`), stating its parties, currency and VAT. ' +
          'Without `lines` it credits all of the invoice not credited yet, document-level allowances and charges included; with `lines`, the net amounts of those invoice lines. ' +
          'More than is left of a line, a line the invoice does not have, or nothing left at all: 422 `validation_failed`. Before the invoice is issued: 404 `invoice_not_available`. ' +
          'A Greek seller\'s credit note without the `mark` myDATA gave it: 422 `invoice_incomplete` (Peppol GR-R-004-1). ' +
          'Numbered from the invoice counter without gaps; kept as a document of kind `invoice`; the shipment\'s chain gets `invoice.credited`.',
        params: ShipmentParamsSchema,
        body: Type.Ref(CreateCreditNoteSchema),
        response: { 201: Type.Ref(CreditNoteSchema, { description: 'The credit note, issued now.' }) },
      },
    },
    async (request, reply) => {
      const note = await createCreditNote(ctx(request), request.params.id, request.body);
      return reply.status(201).header('location', `/v1/shipments/${note.shipment_id}/invoice/credit-notes/${note.id}`).send(note);
    },
  );

  app.get<ById & { Querystring: { limit?: number; cursor?: string } }>(
    INVOICE_PATHS.creditNotes,
    {
      config: { access: { scope: 'invoice:read' }, errors: ['invalid_id', 'not_found', 'bad_request', 'invalid_cursor'] },
      schema: {
        operationId: 'listCreditNotes',
        tags: ['invoice'],
        summary: 'The credit notes of the shipment\'s invoice',
        description: 'Oldest first, in pages (`limit`, `cursor`); empty until the invoice is issued and corrected.',
        params: ShipmentParamsSchema,
        querystring: ListCreditNotesQuerySchema,
        response: { 200: Type.Ref(CreditNotePageSchema, { description: 'The credit notes.' }) },
      },
    },
    async (request) => listCreditNotePage(ctx(request), request.params.id, request.query),
  );

  app.get<{ Params: { id: string; credit_note_id: string } }>(
    INVOICE_PATHS.creditNote,
    {
      config: { access: { scope: 'invoice:read' }, errors: ['invalid_id', 'not_found', 'invoice_not_available'] },
      schema: {
        operationId: 'getCreditNote',
        tags: ['invoice'],
        summary: 'A credit note (JSON or UBL)',
        description: 'The summary as JSON; with `Accept: application/xml` the UBL CreditNote exactly as issued, its SHA-256 as `ETag`.',
        params: Type.Object({ id: ShipmentParamsSchema.properties.id, credit_note_id: IdString('credit_note') }, { additionalProperties: false }),
        response: {
          200: {
            description: 'The credit note.',
            content: {
              'application/json': { schema: Type.Ref(CreditNoteSchema) },
              [XML]: { schema: Type.String({ description: 'UBL 2.1 CreditNote (Peppol BIS Billing 3.0).' }) },
              'application/pdf': { schema: Type.String({ format: 'binary', description: 'A readable view: the invoice it corrects, lines, VAT breakdown, totals.' }) },
            },
          },
        },
      },
    },
    async (request, reply) => {
      if (wantsPdf(request.headers.accept)) {
        const { number, pdf } = await getInvoicePdf(ctx(request), request.params.id, request.params.credit_note_id);
        return reply.header('content-type', 'application/pdf').header('content-disposition', inlineFile('credit-note', number, 'pdf')).send(pdf);
      }
      const xml = wantsXml(request.headers.accept);
      const found = await getCreditNote(ctx(request), request.params.id, request.params.credit_note_id, xml);
      if (!xml) return found.summary;
      return reply
        .header('content-type', `${XML}; charset=utf-8`)
        .header('etag', `"${found.summary.document.sha256}"`)
        .header('content-disposition', inlineFile('credit-note', found.summary.number, 'xml'))
        .send(found.xml);
    },
  );
}
