import { defineHandler } from '@dp/bus';
import { ContentEvents } from '@dp/events';
import { applyGitSyncStructure } from '../../commands/apply-git-sync-structure';

/** A site's gitbook-docs.yaml was read (docs/adr/0115): the site's structure becomes what it says. */
export const onContentGitSyncSiteStructureRead = defineHandler(ContentEvents.GIT_SYNC_SITE_STRUCTURE_READ, (event, trx, log, emit) => applyGitSyncStructure(trx, emit, event.data, log));
