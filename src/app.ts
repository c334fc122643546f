/**
 * buildApp(runtime) → the Fastify instance, not listening (tests inject into it). The request path,
 * in hook order: request id → draining check, API key, rate limit, access rule → body parsing and
 * validation → Idempotency-Key → handler → problem+json on any error → request-log row.
 */
import { registerClientGone } from './http/client-gone.js';
import { registerLingeringClose } from './http/lingering-close.js';
import { registerCompression } from './http/compression.js';
import Fastify, { LogController, type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppRuntime } from './app-runtime.js';
import { newId } from './core/ids.js';
import { compilingOnFirstUse } from './core/compiled-on-first-use.js';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { registerAccessControl } from './http/access.js';
import { registerIdempotency } from './http/idempotency.js';
import { registerTestClockContext } from './modules/test-clocks/test-clock-access.js';
import { registerOpenApi } from './http/openapi.js';
import { plannedRoutes } from './http/planned-routes.js';
import { registerProblemHandling } from './http/problem.js';
import { registerPublicDoorCors } from './http/public-door-cors.js';
import { FindingSchema, ProblemSchema } from './http/problem.schema.js';
import { referenceRoutes } from './http/reference-page.js';
import { registerRequestLog } from './http/request-log.js';
import { measuredRouterErrors, registerRequestMetrics } from './http/request-metrics.js';
import { registerRequestTracing, tagRequestSpan } from './http/request-tracing.js';
import { clientErrorHandler, MAX_PARAM_LENGTH, routerErrorHandler } from './http/framework-errors.js';
import { boundedJsonParser } from './http/json-body.js';
import { fastifyLimits, nodeServerLimits, registerDeclaredBodyLimit } from './http/listener-limits.js';
import { appendRouteHook } from './http/route-hooks.js';
import { buildValidator, markBodyCheckedByHandler, refuseUnstorablePath, refuseUnstorableQuery, refuseUnstorableText } from './http/validation.js';
import { eventRoutes } from './modules/events/events.routes.js';
import { auditLogRoutes } from './modules/audit-log/audit-log.routes.js';
import { checkpointRoutes } from './modules/checkpoints/checkpoints.routes.js';
import { shipmentRoutes } from './modules/shipments/shipments.routes.js';
import { shipmentTemplateRoutes } from './modules/shipment-templates/shipment-templates.routes.js';
import { simulationRoutes } from './modules/simulation/simulation.routes.js';
import { driverRoutes } from './modules/driver/driver.routes.js';
import { tourRoutes } from './modules/tours/tours.routes.js';
import { privacyRoutes } from './modules/privacy/privacy.routes.js';
import { exportRoutes } from './modules/exports/exports.routes.js';
import { providerRoutes } from './modules/providers/providers.routes.js';
import { providerWebhookRoutes } from './modules/providers/provider-webhook.routes.js';
import { validatorRoutes } from './modules/validator/validator.routes.js';
import { billingRoutes } from './modules/billing/billing.routes.js';
import { usageRoutes } from './modules/usage/usage.routes.js';
import { documentRoutes } from './modules/documents/documents.routes.js';
import { notificationRoutes } from './modules/notifications/notifications.routes.js';
import { optionalBody } from './http/optional-body.js';
import { signAppRoutes } from './modules/sign-app/sign-app.routes.js';
import { driverAppRoutes } from './modules/driver-app/driver-app.routes.js';
import { podRoutes } from './modules/pod/pod.routes.js';
import { remarkRoutes } from './modules/remarks/remarks.routes.js';
import { disposalRoutes } from './modules/disposal/disposal.routes.js';
import { signRoutes } from './modules/signatures/sign.routes.js';
import { signerCopyRoutes } from './modules/signer-copies/signer-copies.routes.js';
import { signatureRoutes } from './modules/signatures/signatures.routes.js';
import { webhookRoutes } from './modules/webhooks/webhooks.routes.js';
import { invoiceRoutes } from './modules/invoices/invoices.routes.js';
import { inspectRoutes } from './modules/inspect/inspect.routes.js';
import { eftiRoutes } from './modules/efti/efti.routes.js';
import { botcheckRoutes } from './modules/botcheck/botcheck.routes.js';
import { contactRoutes } from './modules/contact/contact.routes.js';
import { consoleAuthRoutes } from './modules/console-auth/console-auth.routes.js';
import { twoFactorRoutes } from './modules/console-auth/two-factor/two-factor.routes.js';
import { consolePageRoutes } from './modules/console/console-pages.routes.js';
import { consolePreferencesRoutes } from './modules/console/console-preferences.routes.js';
import { consoleLogPageRoutes } from './modules/console/console-log-pages.routes.js';
import { consoleWebhookPageRoutes } from './modules/console/console-webhook-pages.routes.js';
import { consoleShipmentPageRoutes } from './modules/console/console-shipment-pages.routes.js';
import { consoleTourPageRoutes } from './modules/console/console-tour-pages.routes.js';
import { consoleShipmentActRoutes } from './modules/console/console-shipment-acts.routes.js';
import { consolePageErrors } from './modules/console/console-page-errors.routes.js';
import { memberRoutes } from './modules/members/members.routes.js';
import { delegationRoutes } from './modules/federated/delegations.routes.js';
import { testClockRoutes } from './modules/test-clocks/test-clocks.routes.js';
import { registerFailedCallCapture, requestLogRoutes } from './modules/request-logs/request-logs.routes.js';
import { requirementRoutes } from './modules/requirements/requirements.routes.js';
import { systemRoutes } from './modules/system/system.routes.js';
import './http/route-config.js';
import { apiKeyAccess } from './modules/api-keys/api-key-access.js';
import { consoleSessionAccess } from './modules/console-auth/console-access.js';
import { signLinkAccess } from './modules/signatures/sign-link-access.js';
import { publicDoorAccess } from './modules/botcheck/public-door-access.js';
import { driverAccess } from './modules/driver/driver-access.js';
import { idempotencyStore } from './modules/idempotency/idempotency-store.js';
import { eventWebhooks } from './modules/events/event-catalogue.openapi.js';

export interface BuildAppOptions {
  /** Extra route plugins, registered after the service's own (tests use this for fixture routes). */
  plugins?: FastifyPluginAsync<{ runtime: AppRuntime }>[];
  /** Where logs go; defaults to stdout. The CLI sends them to stderr. */
  logStream?: NodeJS.WritableStream;
}

export async function buildApp(runtime: AppRuntime, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: runtime.config.logLevel,
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // With tracing on, the id also goes on the request's server span (src/http/request-tracing.ts).
    genReqId: runtime.config.tracing ? () => tagRequestSpan(newId('request', runtime.services.clock.now())) : () => newId('request', runtime.services.clock.now()),
    requestIdHeader: false,
    // X-Forwarded-For from the proxies TRUST_PROXY names only: anyone else could forge the address.
    ...(runtime.config.trustProxy !== undefined ? { trustProxy: trustedProxy(runtime.config.trustProxy) } : {}),
    // Errors before any route runs are problems too (src/http/framework-errors.ts).
    frameworkErrors: measuredRouterErrors(routerErrorHandler(runtime.config.docsUrl), runtime.metrics),
    clientErrorHandler: clientErrorHandler(runtime.config.docsUrl, runtime.services.clock),
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // Time limits for slow and idle clients, and the default body limit (routes that take files set their own).
    ...fastifyLimits(runtime.config.http),
    http: nodeServerLimits(runtime.config.http),
    // We log one line per request ourselves, with the route template instead of a URL that may carry tokens.
    logController: new LogController({ disableRequestLogging: true }),
    // Requests arriving while we drain get our own 503 problem (src/http/access.ts), not Fastify's.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    // Fastify types this factory for its own Ajv pool; ours takes the same arguments (src/http/validation.ts).
    // Each route's check and serializer compile on its first request, not at start (src/core/compiled-on-first-use.ts).
    schemaController: { compilersFactory: { buildValidator: compilingOnFirstUse(buildValidator) as never, buildSerializer: compilingOnFirstUse(SerializerSelector()) as never } },
    // Responses are not validated; their serializer only needs to know the format the requests check (core/json-validation.ts).
    serializerOpts: { ajv: { formats: { 'time-zone': true } } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // First, so that requests refused by the access hooks have their span named too.
  if (runtime.config.tracing) registerRequestTracing(app);
  app.addHook('onRoute', (route) => {
    if (route.config?.bodyCheckedByHandler) {
      for (const method of [route.method].flat()) markBodyCheckedByHandler(method, route.url);
    } else if ([route.method].flat().some((m) => m === 'POST' || m === 'PUT' || m === 'PATCH')) appendRouteHook(route, 'preValidation', refuseUnstorableText);
    if (route.config?.optionalBody) appendRouteHook(route, 'preValidation', optionalBody);
    if (route.schema?.querystring) appendRouteHook(route, 'preValidation', refuseUnstorableQuery);
    if (route.url.includes(':')) appendRouteHook(route, 'preHandler', refuseUnstorablePath);
  });
  // An empty JSON body is "no body" where a route takes none or may go without one (optionalBody
  // then reads it as {}), and malformed JSON where a body is required. A body nested deeper than
  // MAX_JSON_DEPTH is refused before it is parsed, so no later walk of it can run out of stack.
  const json = boundedJsonParser(app.getDefaultJsonParser('error', 'error'));
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    body === '' && (request.routeOptions.config.optionalBody || !request.routeOptions.schema?.body) ? done(null, undefined) : json(request, body as string, done),
  );
  // Bodies are JSON: Fastify's text/plain parser would hand a use case a string instead of a 415.
  app.removeContentTypeParser('text/plain');
  // JSON merge patch (RFC 7396) bodies are JSON: PATCH routes take both media types.
  app.addContentTypeParser('application/merge-patch+json', { parseAs: 'string' }, boundedJsonParser(app.getDefaultJsonParser('error', 'error')));
  app.addSchema(FindingSchema);
  app.addSchema(ProblemSchema);
  registerProblemHandling(app, runtime.config.docsUrl);
  registerClientGone(app);
  // An answer given while the client is still sending its body closes the connection gently.
  registerLingeringClose(app);
  // Who may call a route: each credential lives with its module (src/http/credential.ts). The sign
  // link comes last: it owns the Idempotency-Keys that no credential before it claims.
  const credentials = [consoleSessionAccess(runtime, apiKeyAccess(runtime)), publicDoorAccess(runtime), driverAccess(runtime), signLinkAccess(runtime)];
  await registerOpenApi(app, { publicBaseUrl: runtime.config.publicBaseUrl, credentials, webhooks: eventWebhooks() });
  registerAccessControl(app, runtime, credentials);
  // Global, so before each route's credential check: an oversized body is refused whoever sends it.
  registerDeclaredBodyLimit(app);
  registerPublicDoorCors(app, runtime.config.publicDoors.corsOrigins);
  registerTestClockContext(app, runtime);
  registerIdempotency(app, credentials, idempotencyStore(runtime.services));
  registerFailedCallCapture(app, runtime);
  registerRequestLog(app, runtime);
  registerRequestMetrics(app, runtime);
  // Last of the hooks, first of the routes: the plugin appends its onSend to each route as it is
  // declared, after those above (an idempotent answer is kept as the handler wrote it).
  await registerCompression(app);

  await app.register(async (scope) => systemRoutes(scope, runtime));
  await app.register(async (scope) => requestLogRoutes(scope, runtime));
  await app.register(async (scope) => eventRoutes(scope, runtime));
  // One scope: the integrity check's body refers to the checkpoints' schema.
  await app.register(async (scope) => {
    await checkpointRoutes(scope, runtime);
    await auditLogRoutes(scope, runtime);
  });
  // One scope: the simulation and the public validator answer with the shipments' schemas, tours take
  // their vehicle, templates their parts, disposal instructions their stops and parties.
  await app.register(async (scope) => {
    await shipmentRoutes(scope, runtime);
    await shipmentTemplateRoutes(scope, runtime);
    await simulationRoutes(scope, runtime);
    await validatorRoutes(scope);
    await tourRoutes(scope, runtime);
    await disposalRoutes(scope, runtime);
  });
  await app.register(async (scope) => usageRoutes(scope, runtime));
  await app.register(async (scope) => billingRoutes(scope, runtime));
  await app.register(async (scope) => providerRoutes(scope, runtime));
  await app.register(async (scope) => providerWebhookRoutes(scope, runtime));
  await app.register(async (scope) => webhookRoutes(scope, runtime));
  await app.register(async (scope) => documentRoutes(scope, runtime));
  await app.register(async (scope) => exportRoutes(scope, runtime));
  // One scope: the sign endpoints answer with the signatures' schemas, the proof of delivery with those and the remarks', the driver's actions with both.
  await app.register(async (scope) => {
    await signatureRoutes(scope, runtime);
    await signRoutes(scope, runtime);
    await signerCopyRoutes(scope, runtime);
    await remarkRoutes(scope, runtime);
    await podRoutes(scope, runtime);
    await driverRoutes(scope, runtime);
  });
  await app.register(async (scope) => notificationRoutes(scope, runtime));
  await app.register(async (scope) => signAppRoutes(scope, runtime));
  await app.register(async (scope) => driverAppRoutes(scope));
  await app.register(async (scope) => invoiceRoutes(scope, runtime));
  await app.register(async (scope) => inspectRoutes(scope, runtime));
  await app.register(async (scope) => eftiRoutes(scope, runtime));
  await app.register(async (scope) => delegationRoutes(scope, runtime));
  await app.register(async (scope) => botcheckRoutes(scope, runtime));
  await app.register(async (scope) => contactRoutes(scope, runtime));
  await app.register(async (scope) => consoleAuthRoutes(scope, runtime));
  await app.register(async (scope) => twoFactorRoutes(scope, runtime));
  // The console's pages: a page that cannot be shown is a page too (400, 404), in the member's frame.
  await app.register(async (pages) => {
    consolePageErrors(pages, runtime);
    await pages.register(async (scope) => consolePageRoutes(scope, runtime));
    await pages.register(async (scope) => consolePreferencesRoutes(scope, runtime));
    await pages.register(async (scope) => consoleLogPageRoutes(scope, runtime));
    await pages.register(async (scope) => consoleWebhookPageRoutes(scope, runtime));
    await pages.register(async (scope) => consoleShipmentPageRoutes(scope, runtime));
    await pages.register(async (scope) => consoleTourPageRoutes(scope, runtime));
    await pages.register(async (scope) => consoleShipmentActRoutes(scope, runtime));
  });
  await app.register(async (scope) => memberRoutes(scope, runtime));
  await app.register(async (scope) => testClockRoutes(scope, runtime));
  await app.register(async (scope) => requirementRoutes(scope, runtime));
  await app.register(async (scope) => privacyRoutes(scope, runtime));
  await app.register(referenceRoutes);
  await app.register(plannedRoutes);
  for (const plugin of options.plugins ?? []) await app.register(plugin, { runtime });
  return app;
}

/** A hop count trusts the nearest `hops` proxies (Fastify's types take only addresses or a function). */
function trustedProxy(setting: number | string[]): string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}
