import {
  type AdminSynonymGroup,
  type AdminSynonymListQuery,
  type AdminSynonymUpdate,
  type AdminSynonymWrite,
  synonymMessages,
  synonymRules,
  synonymTakenMessage,
} from '@kram/contract/admin-search';
import type { Executor } from '../../db/client.ts';
import { InvalidInput, noMatch, RuleViolation, type Said, said } from '../../lib/domain-errors.ts';
import type { StaffMember } from '../accounts/index.ts';
import type { AuditLog } from '../audit/index.ts';
import type { CatalogWrite } from './catalog-writes.ts';
import { searchKey, searchWords } from './search-text.ts';
import type { SynonymGroupsRepository, SynonymRecord } from './synonym-groups.repository.ts';

export interface SynonymGroupsDeps {
  repo: SynonymGroupsRepository;
  write: CatalogWrite;
  audit: AuditLog;
}

const notFound = () => noMatch('synonym group');

const toAdmin = (row: SynonymRecord): AdminSynonymGroup => ({
  id: row.id,
  terms: row.terms,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

const audited = (row: SynonymRecord) => ({ id: row.id, terms: row.terms });

/** A term as search compares it (search-synonyms.ts): its search key's words. */
const termKey = (term: string) => searchWords(searchKey(term)).join(' ');

/** Synonym groups the shop edits: each term in one group only, at most 500 groups. */
export function synonymGroupsService({ repo, write, audit }: SynonymGroupsDeps) {
  /** A change with the groups locked. */
  const change = <T>(work: (tx: Executor) => Promise<T>): Promise<T> =>
    write(async (tx) => {
      await repo.lock(tx);
      return work(tx);
    });

  /**
   * Terms are compared as search does, by search key: "hudi" is taken when another group holds
   * "худі", as both would find the same products.
   */
  async function checkTerms(tx: Executor, terms: readonly string[], self?: number): Promise<void> {
    const problems: (string | Said)[] = [];
    const holders = new Map<string, SynonymRecord>();
    for (const group of await repo.all(tx)) {
      if (group.id === self) continue;
      for (const term of group.terms) holders.set(termKey(term), group);
    }
    for (const term of terms) {
      const key = termKey(term);
      const holder = holders.get(key);
      if (key === '') problems.push(synonymMessages.termNoWord);
      else if (holder) {
        const group = holder.terms.join(', ');
        problems.push(
          said('synonym.taken', synonymTakenMessage(term, holder.id, holder.terms), { term, id: holder.id, group }),
        );
      }
    }
    if (problems.length > 0) throw new InvalidInput({ terms: problems });
  }

  return {
    async list(query: AdminSynonymListQuery): Promise<{ count: number; results: AdminSynonymGroup[] }> {
      const { count, rows } = await repo.list(query);
      return { count, results: rows.map(toAdmin) };
    },

    async get(id: number): Promise<AdminSynonymGroup> {
      const row = await repo.byId(id);
      if (!row) throw notFound();
      return toAdmin(row);
    },

    create(actor: StaffMember, input: AdminSynonymWrite): Promise<AdminSynonymGroup> {
      return change(async (tx) => {
        if ((await repo.all(tx)).length >= synonymRules.maxGroups) throw new RuleViolation(synonymMessages.tooMany);
        await checkTerms(tx, input.terms);
        const after = await repo.insert(tx, input.terms);
        await audit.record(tx, actor, {
          action: 'synonym.create',
          entity: 'search_synonym',
          entityId: after.id,
          before: null,
          after: audited(after),
        });
        return toAdmin(after);
      });
    },

    update(actor: StaffMember, id: number, input: AdminSynonymUpdate): Promise<AdminSynonymGroup> {
      return change(async (tx) => {
        const before = await repo.byId(id, tx);
        if (!before) throw notFound();
        if (!input.terms || input.terms.join('\n') === before.terms.join('\n')) return toAdmin(before);
        await checkTerms(tx, input.terms, id);
        const after = await repo.update(tx, id, input.terms);
        await audit.record(tx, actor, {
          action: 'synonym.update',
          entity: 'search_synonym',
          entityId: id,
          before: audited(before),
          after: audited(after),
        });
        return toAdmin(after);
      });
    },

    remove(actor: StaffMember, id: number): Promise<void> {
      return change(async (tx) => {
        const before = await repo.byId(id, tx);
        if (!before) throw notFound();
        await repo.remove(tx, id);
        await audit.record(tx, actor, {
          action: 'synonym.delete',
          entity: 'search_synonym',
          entityId: id,
          before: audited(before),
          after: null,
        });
      });
    },
  };
}

export type SynonymGroupsService = ReturnType<typeof synonymGroupsService>;
