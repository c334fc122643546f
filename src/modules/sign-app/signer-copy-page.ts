/**
 * The page a used sign link opens (GET /sign/{token} once signed): "already signed" with the
 * signer's copy, read-only, while the copy period lasts (open-signer-copy.ts); after it, a page
 * that says the link has expired. Both in the link's language. The sender signs at pickup and
 * keeps its right of disposal (docs/right-of-disposal.md): while the goods are on their way, its
 * page offers the instruction form too, behind a fresh code when the link asks for one.
 */
import type { Services } from '../../core/context.js';
import { takesInstructions } from '../disposal/disposal-rules.js';
import { findShipment } from '../shipments/get-shipment.js';
import { signerCopyView } from '../signer-copies/get-signer-copy.js';
import { openSignerCopy } from '../signer-copies/open-signer-copy.js';
import type { SignerCopyView } from '../signer-copies/signer-copy.schema.js';
import type { MessageLanguage } from '../signatures/sign-messages.js';
import { mayInstruct } from './disposal-step-view.js';
import { scripts, shell, type PageAssets } from './render-sign-page.js';
import { pageLanguage } from './sign-app-words.js';
import { alreadySignedBody, copyExpiredBody, type CopyInstructions } from './signer-copy-view.js';
import { COPY_WORDS } from './words/copy-words.js';

export interface SignerCopyPage {
  language: MessageLanguage;
  copy: SignerCopyView;
  /** The instruction form, for a sender or consignee while the shipment takes instructions; null otherwise. */
  instructions: CopyInstructions | null;
}

/** The copy behind a used link, the language to show it in and whether to offer instructions; raises what openSignerCopy raises. */
export async function signerCopyPage(services: Services, token: string, requestId: string, copyDays: number): Promise<SignerCopyPage> {
  const opened = await openSignerCopy(services, token, requestId, copyDays);
  const { request, ctx } = opened;
  // Who is entitled now is the API's to say (403 names the article); a delivered or cancelled
  // shipment takes no instruction from anyone, so its page offers none.
  const offered = mayInstruct(request.role) && takesInstructions((await findShipment(ctx.db, ctx, request.shipment_id)).status);
  return { language: pageLanguage(opened.request.language), copy: await signerCopyView(opened), instructions: offered ? { otpRequired: request.otp_required } : null };
}

export function renderAlreadySignedPage({ language, copy, instructions }: SignerCopyPage, assets: PageAssets): string {
  const body = alreadySignedBody(language, copy, instructions) + (instructions ? scripts(assets, ['api', 'otp', 'disposal', 'copyDisposal']) : '');
  return shell(language, `${COPY_WORDS[language].alreadyHeading} · ${copy.shipment.reference ?? copy.shipment.id}`, assets, body);
}

export function renderCopyExpiredPage(language: MessageLanguage, days: number, assets: PageAssets): string {
  return shell(language, COPY_WORDS[language].expiredHeading, assets, copyExpiredBody(language, days));
}
