import express, { Router, type Request, type Response } from 'express';
import { generateServiceProviderMetadata } from '@node-saml/node-saml';
import { requireService } from '@dp/auth';
import { HttpError, notFound, route } from '@dp/http';
import type { IdentityContext } from '../context';
import { findSamlProviderById } from '../data/saml-providers';
import { startSamlSignIn } from '../commands/start-saml-sign-in';
import { signInWithSaml } from '../commands/sign-in-with-saml';
import { samlServiceUrls } from '../domain/saml-providers';
import { presentSignIn, signInPage, signInRefusedPage } from '../presenters/saml-sign-in';
import { acsForm, ssoParams } from '../schemas/sso';

/** A SAML response is a few KB, tens with many attributes: the form parser takes at most this, on the ACS route only. */
const ACS_FORM_LIMIT = '512kb';

/** Answers the browser with a page, anything asking for JSON (`Accept: application/json`) with JSON. */
const wantsJson = (req: Pick<Request, 'accepts'>) => req.accepts(['html', 'json']) === 'json';

/** A page with a token or a refusal: never cached, never framed, no scripts, no referrer. */
function sendPage(res: Response, status: number, html: string) {
  res
    .status(status)
    .set({
      'cache-control': 'no-store',
      pragma: 'no-cache',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    })
    .type('html')
    .send(html);
}

/**
 * The public single sign-on URLs of a SAML provider (`service` of OrganizationSAMLProvider), reached by browsers
 * without a token: the gateway routes exactly these paths here with its own service assertion, and nothing else
 * may call them (docs/adr/0036).
 */
export function ssoRouter(ctx: IdentityContext): Router {
  const router = Router();
  const base = '/sso/saml/:samlProviderId';
  const fromGateway = requireService('gateway');

  // Our service-provider metadata: our entity ID is this URL, so an IdP can be configured from it alone.
  router.get(`${base}/metadata`, fromGateway, ...route({ params: ssoParams }).handle(async (req, res) => {
    const provider = await findSamlProviderById(ctx.db, req.params.samlProviderId);
    if (!provider) throw notFound('SAML provider');
    const ours = samlServiceUrls(ctx.config.PUBLIC_URL, provider.id);
    const xml = generateServiceProviderMetadata({ issuer: ours.entityID, callbackUrl: ours.acsURL, identifierFormat: null, wantAssertionsSigned: false });
    res.type('application/samlmetadata+xml').send(xml);
  }));

  router.get(`${base}/start`, fromGateway, ...route({ params: ssoParams }).handle(async (req, res) => {
    const location = await startSamlSignIn(ctx, req.params.samlProviderId);
    res.set('cache-control', 'no-store').redirect(302, location);
  }));

  router.post(
    `${base}/acs`,
    fromGateway,
    express.urlencoded({ extended: false, limit: ACS_FORM_LIMIT, parameterLimit: 10 }),
    ...route({ params: ssoParams, body: acsForm }).handle(async (req, res) => {
      const { user, token } = await signInWithSaml(ctx, req.params.samlProviderId, req.body);
      if (wantsJson(req)) res.set('cache-control', 'no-store').json(presentSignIn(user, token, ctx.links));
      else sendPage(res, 200, signInPage(user, token));
    }),
  );

  // A browser's refusal is a page saying why; JSON clients get the usual error body from the error handler.
  router.use(base, (err: unknown, req: Request, res: Response, next: (err: unknown) => void) => {
    if (err instanceof HttpError && err.status < 500 && !wantsJson(req)) return sendPage(res, err.status, signInRefusedPage(err.status, err.message));
    next(err);
  });

  return router;
}
