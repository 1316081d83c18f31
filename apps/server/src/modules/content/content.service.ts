import {
  type AdminHomeContent,
  type HomeContent,
  type HomeImageSlot,
  homeContent,
  homeContentMessages,
} from '@kram/contract/site-content';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { uploadName } from '../../infra/media/image-upload.ts';
import { type FieldErrors, InvalidInput } from '../../lib/domain-errors.ts';
import { deepFreeze } from '../../lib/json.ts';
import type { StaffMember } from '../accounts/index.ts';
import type { AuditLog } from '../audit/index.ts';
import type { ContentBlock, ContentRepository } from './content.repository.ts';
import { defaultHomeContent } from './home-content-default.ts';
import { type HomeImages, imageFields, imagesOf, slotPrefix, withImage } from './home-images.ts';

const homeKey = 'home';

export interface ContentServiceOptions {
  audit: AuditLog;
  log: FastifyBaseLogger;
  /** Where uploaded home pictures are kept. */
  images: HomeImages;
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

  /** Writes the content `edit` makes of the current one, with its audit entry, in one transaction. */
  async function change(
    actor: StaffMember,
    action: string,
    edit: (current: HomeContent) => HomeContent | Promise<HomeContent>,
  ): Promise<AdminHomeContent> {
    const { before, after, block } = await repo.transaction(async (tx: Executor) => {
      const current = parsed(await repo.byKey(homeKey, tx, true)) ?? defaultHomeContent;
      const next = await edit(current);
      const written = await repo.save(homeKey, next, tx);
      await options.audit.record(tx, actor, {
        action,
        entity: 'site_content',
        entityId: homeKey,
        before: current,
        after: next,
      });
      return { before: current, after: next, block: written };
    });
    cached = { value: Promise.resolve(deepFreeze(structuredClone(after))), readAt: now() };
    const kept = new Set(imagesOf(after));
    const dropped = imagesOf(before).filter((url) => !kept.has(url));
    // The content is saved: a file that cannot be removed now is only litter, not worth failing for.
    await Promise.all(dropped.map((url) => options.images.remove(url))).catch((error) =>
      options.log.warn({ err: error }, 'could not remove a home picture no longer used'),
    );
    return forStaff(block);
  }

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

    /**
     * Replaces the home content whole; the audit log keeps it as it was and as it became. Uploaded
     * pictures it no longer uses are deleted once it is saved.
     */
    saveHome(actor: StaffMember, content: HomeContent): Promise<AdminHomeContent> {
      return change(actor, 'content.update', async (current) => {
        // A picture new to the content must be there: a form still showing one since replaced would
        // otherwise point the home page at a deleted file.
        const known = new Set(imagesOf(current));
        const errors: FieldErrors = {};
        for (const [field, url] of imageFields(content)) {
          if (!known.has(url) && !(await options.images.exists(url)))
            errors[field] = [homeContentMessages.missingImage];
        }
        if (Object.keys(errors).length > 0) throw new InvalidInput(errors);
        return content;
      });
    },

    /** Puts an uploaded picture in one slot (cut to its size) and saves the content with it. */
    async setHomeImage(actor: StaffMember, slot: HomeImageSlot, file: Uint8Array): Promise<AdminHomeContent> {
      const saved = await options.images.store(slot).save(file, uploadName(slotPrefix(slot)));
      try {
        return await change(actor, 'content.image', (current) => withImage(current, slot, saved.url));
      } catch (error) {
        await saved.remove();
        throw error;
      }
    },
  };
}

export type ContentService = ReturnType<typeof contentService>;
