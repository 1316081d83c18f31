import { type AdminHomeContent, type HomeContent, homeContent } from '@kram/contract/site-content';
import type { FastifyBaseLogger } from 'fastify';
import { deepFreeze } from '../../lib/json.ts';
import type { AuditLog } from '../admin/audit.ts';
import type { StaffMember } from '../admin/staff.ts';
import type { ContentBlock, ContentRepository } from './content.repository.ts';
import { defaultHomeContent } from './home-content-default.ts';

const homeKey = 'home';

export interface ContentServiceOptions {
  audit: AuditLog;
  log: FastifyBaseLogger;
  /**
   * How long a process answers the home content it read before reading it again, in ms: every home
   * page asks for it, and staff save it a few times a week. A save shows at once on the process
   * that made it and within this interval on the others.
   */
  checkIntervalMs?: number;
  now?: () => number;
}

/** The shop's editable texts and pictures: the home page's banner, tiles and promo. */
export function contentService(repo: ContentRepository, options: ContentServiceOptions) {
  const interval = options.checkIntervalMs ?? 1000;
  const now = options.now ?? Date.now;
  let cached: { value: Promise<HomeContent>; readAt: number } | undefined;

  /** What was saved, if it still fits the contract; a row an older or newer release wrote may not. */
  function parsed(block: ContentBlock | undefined): HomeContent | undefined {
    if (!block) return undefined;
    const result = homeContent.safeParse(block.content);
    if (result.success) return result.data;
    options.log.warn(
      { issues: result.error.issues.slice(0, 5) },
      'saved home content does not fit the contract: showing the defaults',
    );
    return undefined;
  }

  const forStaff = (block: ContentBlock | undefined): AdminHomeContent => {
    const content = parsed(block);
    return {
      content: content ?? defaultHomeContent,
      updated_at: content && block ? block.updatedAt.toISOString() : null,
    };
  };

  return {
    /** The home content for the storefront; the defaults until staff save their own. */
    home(): Promise<HomeContent> {
      if (cached && now() - cached.readAt < interval) return cached.value;
      const value = repo.byKey(homeKey).then((block) => deepFreeze(parsed(block) ?? defaultHomeContent));
      const entry = { value, readAt: now() };
      cached = entry;
      // A failed read is not kept: the next request tries again.
      value.catch(() => {
        if (cached === entry) cached = undefined;
      });
      return value;
    },

    async homeForStaff(): Promise<AdminHomeContent> {
      return forStaff(await repo.byKey(homeKey));
    },

    /** Replaces the home content whole; the audit log keeps it as it was and as it became. */
    async saveHome(actor: StaffMember, content: HomeContent): Promise<AdminHomeContent> {
      const saved = await repo.transaction(async (tx) => {
        const before = parsed(await repo.byKey(homeKey, tx, true)) ?? defaultHomeContent;
        const block = await repo.save(homeKey, content, tx);
        await options.audit.record(tx, actor, {
          action: 'content.update',
          entity: 'site_content',
          entityId: homeKey,
          before,
          after: content,
        });
        return block;
      });
      cached = { value: Promise.resolve(deepFreeze(structuredClone(content))), readAt: now() };
      return forStaff(saved);
    },
  };
}

export type ContentService = ReturnType<typeof contentService>;
