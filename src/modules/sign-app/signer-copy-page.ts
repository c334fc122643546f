/**
 * The page a used sign link opens (GET /sign/{token} once signed): "already signed" with the
 * signer's copy, read-only, while the copy period lasts (open-signer-copy.ts); after it, a page
 * that says the link has expired. Both in the link's language.
 */
import type { Services } from '../../core/context.js';
import { signerCopyView } from '../signer-copies/get-signer-copy.js';
import { openSignerCopy } from '../signer-copies/open-signer-copy.js';
import type { SignerCopyView } from '../signer-copies/signer-copy.schema.js';
import type { MessageLanguage } from '../signatures/sign-messages.js';
import { shell, type PageAssets } from './render-sign-page.js';
import { pageLanguage } from './sign-app-words.js';
import { alreadySignedBody, copyExpiredBody } from './signer-copy-view.js';
import { COPY_WORDS } from './words/copy-words.js';

/** The copy behind a used link and the language to show it in; raises what openSignerCopy raises. */
export async function signerCopyPage(services: Services, token: string, requestId: string, copyDays: number): Promise<{ language: MessageLanguage; copy: SignerCopyView }> {
  const opened = await openSignerCopy(services, token, requestId, copyDays);
  return { language: pageLanguage(opened.request.language), copy: await signerCopyView(opened) };
}

export function renderAlreadySignedPage(language: MessageLanguage, copy: SignerCopyView, assets: PageAssets): string {
  return shell(language, `${COPY_WORDS[language].alreadyHeading} · ${copy.shipment.reference ?? copy.shipment.id}`, assets, alreadySignedBody(language, copy));
}

export function renderCopyExpiredPage(language: MessageLanguage, days: number, assets: PageAssets): string {
  return shell(language, COPY_WORDS[language].expiredHeading, assets, copyExpiredBody(language, days));
}
