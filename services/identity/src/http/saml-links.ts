import { Router } from 'express';
import { requireUser } from '@dp/auth';
import { presentPage, route } from '@dp/http';
import type { IdentityContext } from '../context';
import { listSamlLinksOfUser } from '../data/saml-links';
import { linkSamlAccount } from '../commands/link-saml-account';
import { unlinkSamlAccount } from '../commands/unlink-saml-account';
import { presentSamlLink } from '../presenters/saml-link';
import { createdSamlLinkResponses, createSamlLinkBody, listSamlLinksQuery, samlLinkListResponses, samlLinkParams } from '../schemas/saml-links';

/**
 * The caller's links to SAML providers (ours: GitBook has no such operation; docs/adr/0056). A provider signs in
 * only users it created or linked ones; the owner of an existing account links it with the code the provider's
 * sign-in answered, lists their links, and removes one (205, or 204 when there was none).
 */
export function samlLinksRouter(ctx: IdentityContext): Router {
  const router = Router();

  router.get('/v1/user/saml-links', ...route({ query: listSamlLinksQuery, responses: samlLinkListResponses }).handle(async (req, res) => {
    res.json(presentPage(await listSamlLinksOfUser(ctx.db, requireUser(req.caller), req.query), presentSamlLink));
  }));

  router.post('/v1/user/saml-links', ...route({ body: createSamlLinkBody, responses: createdSamlLinkResponses }).handle(async (req, res) => {
    const { link, created } = await linkSamlAccount(ctx, req.caller, req.body.code);
    res.status(created ? 201 : 200).json(presentSamlLink(link));
  }));

  router.delete('/v1/user/saml-links/:samlProviderId', ...route({ params: samlLinkParams }).handle(async (req, res) => {
    res.status((await unlinkSamlAccount(ctx, req.caller, req.params.samlProviderId)) ? 205 : 204).end();
  }));

  return router;
}
