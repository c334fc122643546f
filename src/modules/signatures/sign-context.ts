/**
 * GET /v1/sign/{token}: what the signing page shows — a summary of the shipment, the current
 * consignment-note version (id, version, SHA-256 and a short-lived download link of the PDF), the
 * role, the level and the language, and the remarks of the role's phase — so the signer reads
 * exactly what they sign.
 */
import type { Services } from '../../core/context.js';
import { createDownloadUrl } from '../documents/create-download-url.js';
import { selectCurrentNote } from '../documents/documents.repository.js';
import { signPageRemarks } from '../remarks/sign-page-remarks.js';
import { remarkScopeOf } from '../remarks/remark-rules.js';
import { findShipment } from '../shipments/get-shipment.js';
import { openSignLink } from './sign-link.js';

interface Named {
  name?: string;
  address?: { city?: string; country?: string };
}

export async function signContext(services: Services, token: string, requestId: string) {
  const { request, ctx } = await openSignLink(services, token, requestId);
  const shipment = await findShipment(ctx.db, ctx, request.shipment_id);
  const note = (await selectCurrentNote(ctx.db, ctx, shipment.id))!;
  const download = await createDownloadUrl(ctx, note.id);
  const data = shipment.data as Record<string, unknown>;
  const party = (key: string) => (data[key] as Named | undefined)?.name ?? null;
  const place = (key: string) => {
    const a = (data[key] as { address?: { city?: string; country?: string } } | undefined)?.address;
    return a ? [a.city, a.country].filter(Boolean).join(', ') : null;
  };
  const goods = ((data.goods as { description?: string; quantity?: number; package_type?: string; gross_weight_kg?: number }[] | undefined) ?? []).map((g) => ({
    description: g.description ?? '',
    quantity: g.quantity ?? null,
    package_type: g.package_type ?? null,
    gross_weight_kg: g.gross_weight_kg ?? null,
  }));
  return {
    request_id: request.id,
    role: request.role,
    successive_index: request.role === 'successive_carrier' ? request.successive_index : null,
    level: request.level,
    identification_required: request.level !== 'platform_auth',
    language: request.language,
    otp_required: request.otp_required,
    expires_at: request.expires_at.toISOString(),
    shipment: {
      id: shipment.id,
      reference: shipment.reference,
      status: shipment.status,
      consignor: party('consignor'),
      consignee: party('consignee'),
      carrier: party('carrier'),
      pickup: place('pickup'),
      delivery: place('delivery'),
      goods,
    },
    document: { id: note.id, version: note.version, sha256: note.sha256, url: download.url, url_expires_at: download.expires_at },
    remarks: await signPageRemarks(ctx.db, ctx, shipment.id, remarkScopeOf(request), token),
  };
}
