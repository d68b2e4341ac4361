import type { Official } from '@dp/contracts';
import { HttpError, type OnBehalfOf, type ServiceRequest } from '@dp/http';
import type { TargetKind } from '../data/target-installations';

/** A space (content's Space) or a site (sites' Site), as its service answers it: what a binding embeds when extended. */
export type TargetObject = Official.Space | Official.Site;

/** A page of content's spaces or sites' sites (GitBook's list envelope): the ids are all the client reads. */
type TargetIds = Pick<Official.List, 'next'> & { items: Array<Pick<TargetObject, 'id'>> };

/**
 * The spaces and sites an installation may be bound to, asked of content and sites on the caller's behalf (so
 * they authorize exactly as for the gateway): one by id, and every one of an organization, page by page.
 */
export function targetsClient(services: { content: ServiceRequest; sites: ServiceRequest }) {
  const one = (kind: TargetKind, organizationId: string, id: string) =>
    kind === 'space' ? { service: services.content, path: `/v1/spaces/${encodeURIComponent(id)}` } : { service: services.sites, path: `/v1/orgs/${encodeURIComponent(organizationId)}/sites/${encodeURIComponent(id)}` };
  const all = (kind: TargetKind, organizationId: string) =>
    kind === 'space' ? { service: services.content, path: `/v1/orgs/${encodeURIComponent(organizationId)}/spaces` } : { service: services.sites, path: `/v1/orgs/${encodeURIComponent(organizationId)}/sites` };

  return {
    /** The space or site, when it exists and the caller may read it; undefined otherwise. */
    async find(kind: TargetKind, organizationId: string, id: string, on: OnBehalfOf): Promise<TargetObject | undefined> {
      const { service, path } = one(kind, organizationId, id);
      const res = await service<TargetObject>('GET', path, on);
      if (res.status === 404 || res.status === 403) return undefined;
      if (res.status !== 200) throw new HttpError(502, `the ${kind === 'space' ? 'content' : 'sites'} service answered ${res.status} for ${kind} ${id}`);
      return res.body;
    },
    /** The ids of every space or site of the organization. */
    async listIds(kind: TargetKind, organizationId: string, on: OnBehalfOf): Promise<string[]> {
      const { service, path } = all(kind, organizationId);
      const ids: string[] = [];
      let page: string | undefined;
      do {
        const res = await service<TargetIds>('GET', `${path}?limit=1000${page ? `&page=${encodeURIComponent(page)}` : ''}`, on);
        if (res.status !== 200) throw new HttpError(502, `the ${kind === 'space' ? 'content' : 'sites'} service answered ${res.status} listing the ${kind}s of organization ${organizationId}`);
        ids.push(...res.body.items.map((item) => item.id));
        page = res.body.next?.page;
      } while (page);
      return ids;
    },
  };
}

export type TargetsClient = ReturnType<typeof targetsClient>;
