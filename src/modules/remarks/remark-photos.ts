/**
 * The photos of a remark (service description, Remark create): each id must name a document of
 * kind `photo` already uploaded to the same shipment. A well-shaped id that names anything else —
 * nothing, a deleted upload, another organisation's or shipment's document, an attachment — is a
 * finding on `$.photo_document_ids[i]` naming the id (422 `validation_failed`, DESIGN, Errors).
 */
import { AppError } from '../../core/errors.js';
import { finding, registerFindingMessages, type Finding } from '../../core/findings.js';
import type { TenantContext } from '../../core/context.js';
import type { Database } from '../../ports/database.js';
import { selectDocument } from '../documents/documents.repository.js';
import { selectRemarkWithPhoto } from './remarks.repository.js';

registerFindingMessages({
  photo_not_found: {
    en: (p) => `There is no document ${String(p.document_id)}: upload the photo to this shipment first.`,
    nl: (p) => `Er is geen document ${String(p.document_id)}: upload de foto eerst bij deze zending.`,
    de: (p) => `Es gibt kein Dokument ${String(p.document_id)}: Laden Sie das Foto zuerst zu dieser Sendung hoch.`,
    fr: (p) => `Il n'existe pas de document ${String(p.document_id)} : téléversez d'abord la photo sur cet envoi.`,
  },
  photo_of_other_shipment: {
    en: (p) => `Document ${String(p.document_id)} belongs to another shipment: upload the photo to this one.`,
    nl: (p) => `Document ${String(p.document_id)} hoort bij een andere zending: upload de foto bij deze.`,
    de: (p) => `Das Dokument ${String(p.document_id)} gehört zu einer anderen Sendung: Laden Sie das Foto zu dieser hoch.`,
    fr: (p) => `Le document ${String(p.document_id)} appartient à un autre envoi : téléversez la photo sur celui-ci.`,
  },
  not_a_photo: {
    en: (p) => `Document ${String(p.document_id)} is a(n) ${String(p.kind)}, not a photo.`,
    nl: (p) => `Document ${String(p.document_id)} is een ${String(p.kind)}, geen foto.`,
    de: (p) => `Das Dokument ${String(p.document_id)} ist vom Typ ${String(p.kind)}, kein Foto.`,
    fr: (p) => `Le document ${String(p.document_id)} est de type ${String(p.kind)}, pas une photo.`,
  },
});

/** Raises `validation_failed` unless every id is a photo of the shipment. */
export async function checkRemarkPhotos(db: Database, ctx: TenantContext, shipmentId: string, ids: readonly string[]): Promise<void> {
  const problems: Finding[] = [];
  for (const [i, id] of ids.entries()) {
    const document = await selectDocument(db, ctx, id);
    const path = `$.photo_document_ids[${i}]`;
    if (!document) problems.push(finding(path, 'photo_not_found', { document_id: id }));
    else if (document.shipment_id !== shipmentId) problems.push(finding(path, 'photo_of_other_shipment', { document_id: id }));
    else if (document.kind !== 'photo') problems.push(finding(path, 'not_a_photo', { document_id: id, kind: document.kind }));
  }
  if (problems.length > 0) throw new AppError('validation_failed', 'The remark names documents that are not photos of this shipment; see errors.', { errors: problems });
}

/** Raises `conflict` when a remark shows the photo: it is part of the reservation's evidence. */
export async function assertPhotoNotInRemark(db: Database, ctx: TenantContext, shipmentId: string, documentId: string): Promise<void> {
  const remark = await selectRemarkWithPhoto(db, ctx, shipmentId, documentId);
  if (remark) throw new AppError('conflict', `Photo ${documentId} belongs to remark ${remark.id}: remarks and their photos are evidence and are never deleted.`);
}
